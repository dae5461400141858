import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppConfigResponse, HealthResponse } from '@trashegimia/contract/system';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { errorResponses, serviceUnavailable } from '../../errors';
import { presentAppConfig } from './system.presenter';
import { pingDatabase } from './system.repo';

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
        summary: 'Whether the server and its database answer',
        response: { 200: HealthResponse.describe('The server and its database answer'), ...errorResponses(503) },
      },
    },
    async () => {
      try {
        await pingDatabase(database.db);
      } catch (error) {
        throw serviceUnavailable('database_unavailable', 'The database does not answer', error);
      }
      return { status: 'ok' as const, database: database.driver };
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
