import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateDatasetBody,
  Dataset,
  DatasetDetail,
  DatasetFilters,
  DatasetList,
  DatasetListQuery,
  DatasetParams,
  DatasetStatsList,
  DatasetStatsQuery,
  UpdateDatasetBody,
} from '@trashegimia/contract/datasets';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import {
  changeDataset,
  createDataset,
  deleteDataset,
  getDataset,
  getDatasetFilters,
  listDatasetStats,
  listDatasets,
} from './datasets.service';

export const datasetRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['datasets'],
        operationId: 'listDatasets',
        summary: 'Datasets with their stats; inactive ones only for administrators who ask',
        querystring: DatasetListQuery,
        response: { 200: DatasetList.describe('A page of datasets with their stats'), ...errorResponses(400) },
      },
    },
    async (request) => listDatasets(db, request.auth, request.query, request.language),
  );

  app.get(
    '/stats',
    {
      schema: {
        tags: ['datasets'],
        operationId: 'listDatasetStats',
        summary: 'Stats of datasets (logged-in users)',
        querystring: DatasetStatsQuery,
        response: { 200: DatasetStatsList.describe('The stats, dataset by dataset'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listDatasetStats(db, request.auth, request.query, request.language),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['datasets'],
        operationId: 'getDataset',
        summary: 'One dataset with its stats and last update',
        params: DatasetParams,
        response: {
          200: DatasetDetail.describe('The dataset and when its published data last changed'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => getDataset(db, request.auth, request.params.id, request.language),
  );

  app.get(
    '/:id/filters',
    {
      schema: {
        tags: ['datasets'],
        operationId: 'getDatasetFilters',
        summary: "The dataset's choice questions with their options, in the request's language",
        params: DatasetParams,
        response: {
          200: DatasetFilters.describe('The questions to filter by, with their options'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => getDatasetFilters(db, request.auth, request.params.id, request.language),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['datasets'],
        operationId: 'createDataset',
        summary: 'Create a dataset (administrators)',
        body: CreateDatasetBody,
        response: { 201: Dataset.describe('The created dataset'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createDataset(db, request.auth, request.body, request.language);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['datasets'],
        operationId: 'updateDataset',
        summary: 'Change a dataset, or deactivate it (administrators)',
        params: DatasetParams,
        body: UpdateDatasetBody,
        response: { 200: Dataset.describe('The changed dataset'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeDataset(db, request.auth, request.params.id, request.body, request.language),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['datasets'],
        operationId: 'deleteDataset',
        summary: 'Delete a dataset that has no assets (administrators)',
        params: DatasetParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteDataset(db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
