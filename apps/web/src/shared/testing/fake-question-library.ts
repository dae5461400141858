import type { LibraryQuestion } from '@trashegimia/contract/question-library';
import { createFakeRouteFetch, fakePage, type FakeRoute } from './fake-route-fetch';

const libraryQuestion = (id: number, title: string, options: string[] = []): LibraryQuestion => ({
  id,
  title,
  titleXk: title,
  titleEn: null,
  titleSr: null,
  questionType: options.length > 0 ? 'SINGLE_CHOICE' : 'TEXT',
  questionIdentifier: null,
  options: options.map((value) => ({
    value,
    descriptionXk: value,
    descriptionEn: null,
    descriptionSr: null,
    isAnother: false,
  })),
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

/**
 * The question library kept in memory with the routes that list, create, change and delete its
 * questions; `newId` lets a larger fake hand out ids from one counter.
 */
export const createFakeQuestionLibrary = (newId: () => number) => {
  const library: LibraryQuestion[] = [];

  const routes: FakeRoute[] = [
    [
      'GET',
      /^\/api\/question-library$/,
      (_match, { url }) => {
        const q = url.searchParams.get('q')?.toLowerCase() ?? '';
        return fakePage(
          library.filter((question) => question.titleXk.toLowerCase().includes(q)),
          url,
        );
      },
    ],
    [
      'POST',
      /^\/api\/question-library$/,
      (_match, { body }) => {
        const input = body as Omit<LibraryQuestion, 'id'>;
        const question = { ...libraryQuestion(newId(), input.titleXk), ...input, title: input.titleXk };
        library.unshift(question);
        return question;
      },
    ],
    [
      'PATCH',
      /^\/api\/question-library\/(\d+)$/,
      ([, id], { body }) => {
        const question = library.find((candidate) => candidate.id === Number(id))!;
        Object.assign(question, body);
        return question;
      },
    ],
    [
      'DELETE',
      /^\/api\/question-library\/(\d+)$/,
      ([, id]) => {
        library.splice(
          library.findIndex((question) => question.id === Number(id)),
          1,
        );
      },
    ],
  ];

  return {
    library,
    routes,
    addLibraryQuestion: (title: string, options: string[] = []) => {
      const question = libraryQuestion(newId(), title, options);
      library.push(question);
      return question;
    },
  };
};

/** The question library alone behind `fetch`, every request recorded. */
export const createFakeLibraryBackend = () => {
  let nextId = 5000;
  const { library, routes, addLibraryQuestion } = createFakeQuestionLibrary(() => (nextId += 1));
  return { ...createFakeRouteFetch(routes), library, addLibraryQuestion };
};
