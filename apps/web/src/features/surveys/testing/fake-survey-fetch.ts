import type { QuestionGroup } from '@trashegimia/contract/question-groups';
import type { LibraryQuestion } from '@trashegimia/contract/question-library';
import { ImportLibraryQuestionsBody } from '@trashegimia/contract/questions';
import { jsonResponse } from '@/shared/testing/test-utils';
import { createFakeSurveyServer, FakeServerError } from './fake-survey-server';

type Request = { method: string; url: URL; body: unknown };
type Route = [method: string, pattern: RegExp, handle: (match: string[], request: Request) => unknown];

const badRequest = (message: string, status = 400) =>
  jsonResponse({ statusCode: status, error: 'Bad Request', message, code: 'invalid_input' }, status);

const page = <T>(items: T[], url: URL) => {
  const pageNumber = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 20);
  return {
    items: items.slice((pageNumber - 1) * limit, pageNumber * limit),
    meta: { page: pageNumber, limit, totalItems: items.length, totalPages: Math.ceil(items.length / limit) },
  };
};

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
 * The fake survey server behind `fetch`, answering the page's calls by method and path, plus
 * question groups and the question library kept in memory. Every request is recorded.
 */
export const createFakeSurveyBackend = () => {
  const server = createFakeSurveyServer();
  const groups: QuestionGroup[] = [];
  const library: LibraryQuestion[] = [];
  const requests: Request[] = [];
  let nextId = 5000;
  /** Answers the next request matching `method path` with this status and message instead. */
  const failures = new Map<string, { status: number; message: string }>();

  const routes: Route[] = [
    [
      'GET',
      /^\/api\/surveys$/,
      (_match, { url }) => {
        const q = url.searchParams.get('q')?.toLowerCase() ?? '';
        const all = server
          .listSurveys()
          .filter((survey) =>
            [survey.descriptionXk, survey.descriptionEn, survey.descriptionSr].some((text) =>
              text?.toLowerCase().includes(q),
            ),
          );
        return page(all, url);
      },
    ],
    ['POST', /^\/api\/surveys$/, (_match, { body }) => server.api.createSurvey(body as never)],
    ['GET', /^\/api\/surveys\/(\d+)$/, ([, id]) => server.api.getSurvey(Number(id))],
    ['PATCH', /^\/api\/surveys\/(\d+)$/, ([, id], { body }) => server.api.updateSurvey(Number(id), body as never)],
    ['DELETE', /^\/api\/surveys\/(\d+)$/, ([, id]) => server.deleteSurvey(Number(id))],
    ['GET', /^\/api\/surveys\/(\d+)\/questions$/, ([, id]) => server.api.getQuestions(Number(id))],
    [
      'POST',
      /^\/api\/surveys\/(\d+)\/questions$/,
      ([, id], { body }) => server.api.upsertQuestions(Number(id), body as never),
    ],
    [
      'POST',
      /^\/api\/surveys\/(\d+)\/questions\/import$/,
      ([, id], { body }) => {
        const { libraryIds, questionParentId } = ImportLibraryQuestionsBody.parse(body);
        return {
          items: server.importQuestions(
            Number(id),
            libraryIds.map((libraryId) => ({ libraryId, ...library.find((q) => q.id === libraryId)! })),
            questionParentId ?? null,
          ),
        };
      },
    ],
    [
      'DELETE',
      /^\/api\/surveys\/(\d+)\/questions\/(\d+)$/,
      ([, , questionId]) => server.deleteQuestion(Number(questionId)),
    ],
    [
      'POST',
      /^\/api\/questions\/(\d+)\/options$/,
      ([, id], { body }) => server.api.createOptions(Number(id), body as never),
    ],
    [
      'PATCH',
      /^\/api\/questions\/(\d+)\/options\/bulk$/,
      ([, id], { body }) => server.api.updateOptions(Number(id), body as never),
    ],
    ['DELETE', /^\/api\/questions\/(\d+)\/options\/(\d+)$/, ([, , optionId]) => server.deleteOption(Number(optionId))],
    ['GET', /^\/api\/question-groups$/, (_match, { url }) => page(groups, url)],
    [
      'POST',
      /^\/api\/question-groups$/,
      (_match, { body }) => {
        const group = { id: (nextId += 1), ...(body as Omit<QuestionGroup, 'id' | 'title'>) };
        const stored = {
          ...group,
          title: group.titleXk,
          titleEn: group.titleEn || null,
          titleSr: group.titleSr || null,
        };
        groups.push(stored);
        return stored;
      },
    ],
    [
      'PATCH',
      /^\/api\/question-groups\/(\d+)$/,
      ([, id], { body }) => {
        const group = groups.find((candidate) => candidate.id === Number(id))!;
        Object.assign(group, body);
        return group;
      },
    ],
    [
      'DELETE',
      /^\/api\/question-groups\/(\d+)$/,
      ([, id]) => {
        groups.splice(
          groups.findIndex((group) => group.id === Number(id)),
          1,
        );
      },
    ],
    [
      'GET',
      /^\/api\/question-library$/,
      (_match, { url }) => {
        const q = url.searchParams.get('q')?.toLowerCase() ?? '';
        return page(
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
        const question = { ...libraryQuestion((nextId += 1), input.titleXk), ...input, title: input.titleXk };
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
    ['GET', /^\/api\/datasets$/, (_match, { url }) => page([], url)],
  ];

  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, url, body });
    const failure = failures.get(`${method} ${url.pathname}`);
    if (failure) {
      failures.delete(`${method} ${url.pathname}`);
      return badRequest(failure.message, failure.status);
    }
    for (const [routeMethod, pattern, handle] of routes) {
      const match = pattern.exec(url.pathname);
      if (routeMethod !== method || !match) continue;
      try {
        const result = await handle([...match], { method, url, body });
        if (result === undefined) return new Response(null, { status: 204 });
        return jsonResponse(result, method === 'POST' ? 201 : 200);
      } catch (error) {
        if (error instanceof FakeServerError) return badRequest(error.message);
        throw error;
      }
    }
    return new Response('', { status: 404 });
  };

  return {
    server,
    fetchMock,
    requests,
    calls: (method: string, pathname: string | RegExp) =>
      requests.filter(
        (request) =>
          request.method === method &&
          (typeof pathname === 'string' ? request.url.pathname === pathname : pathname.test(request.url.pathname)),
      ),
    failNext: (method: string, pathname: string, status: number, message: string) =>
      failures.set(`${method} ${pathname}`, { status, message }),
    addLibraryQuestion: (title: string, options: string[] = []) => {
      const question = libraryQuestion((nextId += 1), title, options);
      library.push(question);
      return question;
    },
    library,
    groups,
  };
};
