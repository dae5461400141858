import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateUserBody, User, UserList, UserListQuery, UserParams } from '@trashegimia/contract/users';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import { assertAdmin, requireAdmin } from '../auth/guards';
import { createUser, deleteUser, listUserPage } from './users.service';

/** The back office's user accounts (spec: list, create, delete; no edit). Administrators only. */
export const userRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags: ['users'],
        summary: 'User accounts, a page at a time',
        querystring: UserListQuery,
        response: { 200: UserList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUserPage(db, request.query),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['users'],
        summary: 'Create a user account',
        body: CreateUserBody,
        response: { 201: User, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      assertAdmin(request.auth);
      reply.status(201);
      return createUser(db, request.auth, request.body);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete a user account',
        params: UserParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      assertAdmin(request.auth);
      await deleteUser(db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
