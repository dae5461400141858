import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccessRequest,
  AccessRequestApproved,
  AccessRequestList,
  AccessRequestListQuery,
  AccessRequestParams,
  AccessRequestReceived,
  ApproveAccessRequestBody,
  CreateAccessRequestBody,
  DeclineAccessRequestBody,
} from '@trashegimia/contract/access-requests';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import { type AttemptCounters, type Captcha, sharedRateLimitStore } from '../auth';
import {
  approveAccessRequest,
  declineAccessRequest,
  listAccessRequests,
  submitAccessRequest,
} from './access-requests.service';

/**
 * Accounts on request: anyone asks (captcha, and a bounded number an hour from one address,
 * counted across instances); administrators list, approve and decline.
 */
export const accessRequestRoutes: FastifyPluginAsyncZod<{
  db: Database;
  captcha: Captcha;
  counters: AttemptCounters;
  clock: Clock;
  perAddressPerHour: number;
}> = async (app, { db, captcha, counters, clock, perAddressPerHour }) => {
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(counters, clock) });

  app.post(
    '/',
    {
      config: { rateLimit: { max: perAddressPerHour, timeWindow: '1 hour' } },
      schema: {
        tags: ['access-requests'],
        operationId: 'requestAccess',
        summary: 'Ask for an account, with a solved captcha',
        body: CreateAccessRequestBody,
        response: {
          201: AccessRequestReceived.describe('Received; an administrator decides'),
          ...errorResponses(400, 409, 429),
        },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return submitAccessRequest(db, captcha, request.body, { address: request.ip, language: request.language });
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['access-requests'],
        operationId: 'listAccessRequests',
        summary: 'Requests for an account, newest first, a page at a time',
        querystring: AccessRequestListQuery,
        response: { 200: AccessRequestList.describe('A page of requests'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAccessRequests(db, request.auth, request.query),
  );

  app.post(
    '/:id/approve',
    {
      schema: {
        tags: ['access-requests'],
        operationId: 'approveAccessRequest',
        summary: 'Approve a request: make a user account with a password shown this once',
        params: AccessRequestParams,
        body: ApproveAccessRequestBody,
        response: {
          200: AccessRequestApproved.describe('Approved: the request, the account and its one-time password'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => approveAccessRequest(db, request.auth, request.params.id, request.body),
  );

  app.post(
    '/:id/decline',
    {
      schema: {
        tags: ['access-requests'],
        operationId: 'declineAccessRequest',
        summary: 'Decline a request, with an optional note',
        params: AccessRequestParams,
        body: DeclineAccessRequestBody,
        response: { 200: AccessRequest.describe('The declined request'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => declineAccessRequest(db, request.auth, request.params.id, request.body),
  );
};
