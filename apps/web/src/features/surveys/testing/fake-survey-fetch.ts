import type { QuestionGroup } from '@trashegimia/contract/question-groups';
import { ImportLibraryQuestionsBody } from '@trashegimia/contract/questions';
import { DuplicateSurveyBody, SURVEY_STATE } from '@trashegimia/contract/surveys';
import { createFakeQuestionLibrary } from '@/shared/testing/fake-question-library';
import { createFakeRouteFetch, fakePage, type FakeRoute } from '@/shared/testing/fake-route-fetch';
import { createFakeSurveyServer } from './fake-survey-server';

/**
 * The fake survey server behind `fetch`, answering the page's calls by method and path, plus
 * question groups and the question library kept in memory. Every request is recorded.
 */
export const createFakeSurveyBackend = () => {
  const server = createFakeSurveyServer();
  const groups: QuestionGroup[] = [];
  let nextId = 5000;
  const newId = () => (nextId += 1);
  const { library, routes: libraryRoutes, addLibraryQuestion } = createFakeQuestionLibrary(newId);

  const routes: FakeRoute[] = [
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
        return fakePage(all, url);
      },
    ],
    ['POST', /^\/api\/surveys$/, (_match, { body }) => server.api.createSurvey(body as never)],
    ['GET', /^\/api\/surveys\/(\d+)$/, ([, id]) => server.api.getSurvey(Number(id))],
    ['PATCH', /^\/api\/surveys\/(\d+)$/, ([, id], { body }) => server.api.updateSurvey(Number(id), body as never)],
    ['DELETE', /^\/api\/surveys\/(\d+)$/, ([, id]) => server.deleteSurvey(Number(id))],
    [
      'POST',
      /^\/api\/surveys\/(\d+)\/duplicate$/,
      // The copy's survey fields as the server makes them; its question tree is not copied here.
      async ([, id], { body }) => {
        const original = await server.api.getSurvey(Number(id));
        const names = DuplicateSurveyBody.parse(body);
        return server.api.createSurvey({
          ...original,
          surveyState: SURVEY_STATE.PASSIVE,
          descriptionXk: names.descriptionXk === undefined ? original.descriptionXk : names.descriptionXk,
          descriptionEn: names.descriptionEn === undefined ? original.descriptionEn : names.descriptionEn,
          descriptionSr: names.descriptionSr === undefined ? original.descriptionSr : names.descriptionSr,
        });
      },
    ],
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
    ['GET', /^\/api\/question-groups$/, (_match, { url }) => fakePage(groups, url)],
    [
      'POST',
      /^\/api\/question-groups$/,
      (_match, { body }) => {
        const group = { id: newId(), ...(body as Omit<QuestionGroup, 'id' | 'title'>) };
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
    ...libraryRoutes,
    ['GET', /^\/api\/datasets$/, (_match, { url }) => fakePage([], url)],
  ];

  return { server, ...createFakeRouteFetch(routes), addLibraryQuestion, library, groups };
};
