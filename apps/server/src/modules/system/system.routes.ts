import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppConfigResponse,
  HealthResponse,
  NotReadyResponse,
  type ReadinessChecks,
  ReadyResponse,
} from '@trashegimia/contract/system';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { errorResponses, presentError, serviceUnavailable } from '../../errors';
import { presentAppConfig } from './system.presenter';
import { readinessChecks } from './system.repo';

/** What a failing check means, for the operator reading a probe's answer. */
const CHECK_FAILURES: Record<keyof ReadinessChecks, string> = {
  migrations: 'database migrations are not all applied',
  database: 'the database does not answer',
  changeListener: 'the database change listener is not connected',
};

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config; database: DatabaseHandle }> = async (
  app,
  { config, database },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        summary: 'Whether the server and its database answer, with the readiness checks',
        response: { 200: HealthResponse.describe('The server and its database answer'), ...errorResponses(503) },
      },
    },
    async () => {
      const { checks, databaseError } = await readinessChecks(database);
      if (!checks.database)
        throw serviceUnavailable('database_unavailable', 'The database does not answer', databaseError);
      return { status: 'ok' as const, database: database.driver, checks };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        operationId: 'getReady',
        summary:
          'Whether this server should take traffic: migrations applied, database answering, change listener connected',
        response: {
          200: ReadyResponse.describe('Every check holds'),
          503: NotReadyResponse.describe('Not ready; `checks` says which check fails'),
        },
      },
    },
    async (_request, reply) => {
      const { checks } = await readinessChecks(database);
      const failures = (Object.keys(CHECK_FAILURES) as (keyof ReadinessChecks)[]).filter((check) => !checks[check]);
      if (failures.length === 0) return { status: 'ready' as const, checks };
      const notReady = serviceUnavailable(
        'not_ready',
        `Not ready: ${failures.map((check) => CHECK_FAILURES[check]).join('; ')}`,
      );
      return reply.code(503).send({ ...presentError(notReady), checks });
    },
  );

  const appConfig = presentAppConfig(config);
  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        operationId: 'getConfig',
        summary: 'Run-time settings for the page: captcha, map tiles, storage',
        response: { 200: AppConfigResponse.describe('The settings') },
      },
    },
    async () => appConfig,
  );
};
