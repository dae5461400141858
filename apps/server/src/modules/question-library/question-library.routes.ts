import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateLibraryQuestionBody,
  LibraryQuestion,
  LibraryQuestionList,
  LibraryQuestionListQuery,
  LibraryQuestionParams,
  UpdateLibraryQuestionBody,
} from '@trashegimia/contract/question-library';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import {
  changeLibraryQuestion,
  createLibraryQuestion,
  deleteLibraryQuestion,
  listLibraryQuestions,
} from './question-library.service';

/** The question library, shared by every administrator. Administrators only. */
export const questionLibraryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['question library'],
        operationId: 'listLibraryQuestions',
        summary: 'Library questions, newest first, optionally searched by title',
        querystring: LibraryQuestionListQuery,
        response: {
          200: LibraryQuestionList.describe('A page of library questions'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => listLibraryQuestions(db, request.auth, request.query, request.language),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['question library'],
        operationId: 'createLibraryQuestion',
        summary: 'Add a question with its options to the library',
        body: CreateLibraryQuestionBody,
        response: { 201: LibraryQuestion.describe('The added library question'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createLibraryQuestion(db, request.auth, request.body, request.language);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['question library'],
        operationId: 'updateLibraryQuestion',
        summary: 'Change a library question; options, when sent, replace the whole list',
        params: LibraryQuestionParams,
        body: UpdateLibraryQuestionBody,
        response: {
          200: LibraryQuestion.describe('The changed library question'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => changeLibraryQuestion(db, request.auth, request.params.id, request.body, request.language),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['question library'],
        operationId: 'deleteLibraryQuestion',
        summary: 'Remove a question from the library; copies in surveys stay',
        params: LibraryQuestionParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteLibraryQuestion(db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
