import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BulkUpdateQuestionOptionsBody,
  CreateQuestionOptionsBody,
  ImportLibraryQuestionsBody,
  ImportLibraryQuestionsResult,
  QuestionOptionList,
  QuestionOptionParams,
  QuestionParams,
  SurveyQuestionParams,
  SurveyQuestions,
  UpsertQuestionsBody,
  UpsertQuestionsResult,
} from '@trashegimia/contract/questions';
import { DuplicateSurveyBody, Survey, SurveyParams } from '@trashegimia/contract/surveys';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import { createQuestionOptions, deleteQuestionOption, updateQuestionOptions } from './question-options.service';
import {
  deleteSurveyQuestion,
  duplicateSurvey,
  getSurveyQuestions,
  importLibraryQuestions,
  upsertSurveyQuestions,
} from './questions.service';

const deleted = { 204: z.null().describe('Deleted') };

/** A survey's question tree (spec §7), under /surveys. Administrators only. */
export const surveyQuestionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/:id/questions',
    {
      schema: {
        tags: ['questions'],
        operationId: 'getSurveyQuestions',
        summary: "The survey's questions as a tree, sorted by number, with their options and groups",
        params: SurveyParams,
        response: {
          200: SurveyQuestions.describe('The question tree and the groups it uses'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => getSurveyQuestions(db, request.auth, request.params.id, request.language),
  );

  app.post(
    '/:id/duplicate',
    {
      schema: {
        tags: ['surveys'],
        operationId: 'duplicateSurvey',
        summary: 'Copy a survey with its whole question tree, as a new passive survey',
        description:
          'Options, conditions, skip logic, borrowed options and groups are copied with new ids; descriptions left out are the original’s.',
        params: SurveyParams,
        body: DuplicateSurveyBody,
        response: { 201: Survey.describe('The new survey'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return duplicateSurvey(db, request.auth, request.params.id, request.body, request.language);
    },
  );

  app.post(
    '/:id/questions',
    {
      schema: {
        tags: ['questions'],
        operationId: 'saveSurveyQuestions',
        summary: 'Create and change a batch of questions; answers the id of every tempId',
        description:
          'All or nothing. New parents are saved before their children, so one call may carry a whole tree (parentTempId), or the editor may send parent-first rounds (questionParentId). Question orders follow the numbers afterwards.',
        params: SurveyParams,
        body: UpsertQuestionsBody,
        response: {
          200: UpsertQuestionsResult.describe('Saved; the id given to each tempId'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => upsertSurveyQuestions(db, request.auth, request.params.id, request.body),
  );

  app.post(
    '/:id/questions/import',
    {
      schema: {
        tags: ['questions'],
        operationId: 'importLibraryQuestions',
        summary: 'Copy library questions with their options into the survey',
        params: SurveyParams,
        body: ImportLibraryQuestionsBody,
        response: {
          201: ImportLibraryQuestionsResult.describe('The questions made in the survey'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return importLibraryQuestions(db, request.auth, request.params.id, request.body);
    },
  );

  app.delete(
    '/:id/questions/:questionId',
    {
      schema: {
        tags: ['questions'],
        operationId: 'deleteSurveyQuestion',
        summary: 'Delete a question with its sub-questions; refused (409) while stored answers use them',
        params: SurveyQuestionParams,
        response: { ...deleted, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteSurveyQuestion(db, request.auth, request.params.id, request.params.questionId);
      return reply.status(204).send(null);
    },
  );
};

/** A question's own options (spec §7), under /questions. Administrators only. */
export const questionOptionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/:id/options',
    {
      schema: {
        tags: ['questions'],
        operationId: 'createQuestionOptions',
        summary: 'Add options to a question; answers them with their ids, in the order sent',
        params: QuestionParams,
        body: CreateQuestionOptionsBody,
        response: {
          201: QuestionOptionList.describe('The added options with their ids'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createQuestionOptions(db, request.auth, request.params.id, request.body, request.language);
    },
  );

  app.patch(
    '/:id/options/bulk',
    {
      schema: {
        tags: ['questions'],
        operationId: 'updateQuestionOptions',
        summary: "Change several of a question's options at once",
        params: QuestionParams,
        body: BulkUpdateQuestionOptionsBody,
        response: {
          200: QuestionOptionList.describe('The changed options'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => updateQuestionOptions(db, request.auth, request.params.id, request.body, request.language),
  );

  app.delete(
    '/:id/options/:optionId',
    {
      schema: {
        tags: ['questions'],
        operationId: 'deleteQuestionOption',
        summary: 'Delete an option while another remains; one that answers chose is kept, marked deleted',
        params: QuestionOptionParams,
        response: { ...deleted, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteQuestionOption(db, request.auth, request.params.id, request.params.optionId);
      return reply.status(204).send(null);
    },
  );
};
