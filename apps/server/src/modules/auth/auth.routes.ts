import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CaptchaChallenge, GuestBody, GuestResponse, LoginBody, LoginResponse } from '@trashegimia/contract/auth';
import { errorResponses } from '../../errors';
import { presentGuest, presentLogin } from './auth.presenter';
import type { AuthService } from './auth.service';

/**
 * Challenges and guest tokens cost the server a key derivation each, so one address may ask for a
 * bounded number a minute; a person needs one or two.
 */
const PER_ADDRESS_PER_MINUTE = { max: 60, timeWindow: '1 minute' } as const;

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  await app.register(rateLimit, { global: false });

  app.get(
    '/captcha',
    {
      config: { rateLimit: PER_ADDRESS_PER_MINUTE },
      schema: {
        tags: ['auth'],
        summary: 'A fresh ALTCHA challenge for the captcha widget',
        response: { 200: CaptchaChallenge, ...errorResponses(404, 429) },
      },
    },
    async (_request, reply) => {
      // Each challenge is single-use: never let a cache hand the same one to two people.
      reply.header('cache-control', 'no-store');
      return service.issueCaptchaChallenge();
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with user name, password and a solved captcha',
        body: LoginBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 429) },
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
        summary: 'Enter as a guest with a solved captcha',
        body: GuestBody,
        response: { 200: GuestResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { token } = await service.enterAsGuest(request.body, { address: request.ip });
      return presentGuest(token);
    },
  );
};
