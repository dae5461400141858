import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateDeviceBody,
  Device,
  DeviceList,
  DeviceListQuery,
  DeviceMacParams,
  DeviceParams,
  UpdateDeviceBody,
} from '@trashegimia/contract/devices';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import { changeDevice, createDevice, deleteDevice, getDeviceByMac, listDevices } from './devices.service';

/** Field devices (spec §7 Devices). Administrators only, checked before anything sent is read. */
export const deviceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['devices'],
        operationId: 'listDevices',
        summary: 'Field devices, a page at a time',
        querystring: DeviceListQuery,
        response: { 200: DeviceList.describe('A page of devices'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listDevices(db, request.auth, request.query),
  );

  app.get(
    '/mac/:mac',
    {
      schema: {
        tags: ['devices'],
        operationId: 'getDeviceByMac',
        summary: 'The device with this MAC address, written in any common form',
        params: DeviceMacParams,
        response: { 200: Device.describe('The device'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getDeviceByMac(db, request.auth, request.params.mac),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['devices'],
        operationId: 'createDevice',
        summary: 'Register a device; its MAC address is stored as AA:BB:CC:DD:EE:FF',
        body: CreateDeviceBody,
        response: { 201: Device.describe('The registered device'), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createDevice(db, request.auth, request.body);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['devices'],
        operationId: 'updateDevice',
        summary: "Change a device's MAC address, model or type",
        params: DeviceParams,
        body: UpdateDeviceBody,
        response: { 200: Device.describe('The changed device'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeDevice(db, request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['devices'],
        operationId: 'deleteDevice',
        summary: 'Delete a device that has sent no assets',
        params: DeviceParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteDevice(db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
