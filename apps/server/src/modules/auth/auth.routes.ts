import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaptchaChallenge,
  CaptchaQuery,
  GuestBody,
  GuestResponse,
  LoginBody,
  LoginResponse,
} from '@trashegimia/contract/auth';
import type { Clock } from '../../clock';
import { errorResponses } from '../../errors';
import { presentGuest, presentLogin } from './auth.presenter';
import type { AuthService } from './auth.service';
import type { AttemptCounters } from './login-throttle';
import { sharedRateLimitStore } from './shared-rate-limit-store';

/**
 * Challenges and guest tokens cost the server a key derivation each, so one address may ask for a
 * bounded number a minute; a person needs one or two. Counted in the database, across instances.
 */
const PER_ADDRESS_PER_MINUTE = { max: 60, timeWindow: '1 minute' } as const;

export const authRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  counters: AttemptCounters;
  clock: Clock;
}> = async (app, { service, counters, clock }) => {
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(counters, clock) });

  app.get(
    '/captcha',
    {
      config: { rateLimit: PER_ADDRESS_PER_MINUTE },
      schema: {
        tags: ['auth'],
        operationId: 'getCaptchaChallenge',
        summary: 'A fresh ALTCHA challenge for the captcha widget',
        querystring: CaptchaQuery,
        response: { 200: CaptchaChallenge.describe('A challenge, single-use'), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      // Each challenge is single-use: never let a cache hand the same one to two people.
      reply.header('cache-control', 'no-store');
      return service.issueCaptchaChallenge(request.query.userName || undefined);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        operationId: 'logIn',
        summary: 'Log in with user name, password and a solved captcha',
        body: LoginBody,
        response: {
          200: LoginResponse.describe('Logged in: the session token and the account'),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request) => {
      const { token, user } = await service.login(request.body, { address: request.ip });
      return presentLogin(token, user);
    },
  );

  app.post(
    '/guest',
    {
      config: { rateLimit: PER_ADDRESS_PER_MINUTE },
      schema: {
        tags: ['auth'],
        operationId: 'enterAsGuest',
        summary: 'Enter as a guest with a solved captcha',
        body: GuestBody,
        response: { 200: GuestResponse.describe('A guest session token'), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { token } = await service.enterAsGuest(request.body, { address: request.ip });
      return presentGuest(token);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        operationId: 'logOut',
        summary: "Sign out: end this request's token on every server until it would have expired",
        response: { 204: z.null().describe('Signed out'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // The access rule asks for a session, so the hook has verified the token.
      await service.logout(request.authToken!);
      return reply.status(204).send(null);
    },
  );
};
