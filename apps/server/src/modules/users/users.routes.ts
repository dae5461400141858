import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeOwnPasswordBody,
  CreateUserBody,
  OwnPasswordChanged,
  ResetPasswordBody,
  User,
  UserList,
  UserListQuery,
  UserParams,
} from '@trashegimia/contract/users';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import { type LoginThrottle, type TokenService, assertAdmin, assertUser } from '../auth';
import { changeOwnPassword, createUser, deleteUser, listUserPage, resetPassword } from './users.service';

/** The back office's user accounts (spec: list, create, delete; no edit). Administrators only. */
export const userRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['users'],
        operationId: 'listUsers',
        summary: 'User accounts, a page at a time',
        querystring: UserListQuery,
        response: { 200: UserList.describe('A page of user accounts'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUserPage(db, request.query),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['users'],
        operationId: 'createUser',
        summary: 'Create a user account',
        body: CreateUserBody,
        response: { 201: User.describe('The created account'), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      assertAdmin(request.auth);
      reply.status(201);
      return createUser(db, request.auth, request.body);
    },
  );

  app.patch(
    '/:id/password',
    {
      schema: {
        tags: ['users'],
        operationId: 'resetUserPassword',
        summary: "Set a new password for a user's account",
        params: UserParams,
        body: ResetPasswordBody,
        response: { 204: z.null().describe('Changed'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      assertAdmin(request.auth);
      await resetPassword(db, request.auth, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['users'],
        operationId: 'deleteUser',
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

/**
 * PATCH /users/me/password: one's own password, for every account (role 1 or 2), not for guests.
 * Apart from userRoutes, whose routes are for administrators only.
 */
export const ownPasswordRoutes: FastifyPluginAsyncZod<{
  db: Database;
  throttle: LoginThrottle;
  tokens: TokenService;
}> = async (app, { db, throttle, tokens }) => {
  app.patch(
    '/me/password',
    {
      schema: {
        tags: ['users'],
        operationId: 'changeOwnPassword',
        summary: 'Change your own password, giving the current one',
        body: ChangeOwnPasswordBody,
        response: {
          200: OwnPasswordChanged.describe('Changed; a fresh session token, since the old ones no longer work'),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      assertUser(request.auth);
      const sessionVersion = await changeOwnPassword(db, throttle, request.auth, request.body, {
        address: request.ip,
      });
      return { access_token: await tokens.sign(request.auth, sessionVersion) };
    },
  );
};
