import fc from 'fast-check';
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { ErrorResponse } from '@trashegimia/contract/common';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../db/client';
import { createAsset, createDataset, createOption, createQuestion, createSurvey, createUser } from '../test/factories';
import { startTestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';
import { asAdmin } from '../test/tokens';

/**
 * Every route that takes params, a query or a body gets hostile variants of a request shaped by its
 * own contract schema, sent as an administrator so that authorisation is not what refuses them.
 * Whatever arrives, the API answers below 500, refuses with an ErrorResponse, and a refused write
 * leaves the database exactly as it was.
 */

// The app registers its routes while it is built, so the hook has to be on the instance from the start.
const registeredRoutes = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof FastifyModule>();
  const createWithRouteCapture = (options: unknown) => {
    const app = (fastify.default as (options: unknown) => FastifyInstance)(options);
    app.addHook('onRoute', (route) => void registeredRoutes.push(route));
    return app;
  };
  return { ...fastify, default: createWithRouteCapture };
});

/** Runs per route; with ~60 routes this keeps the file well under a minute on either database. */
const RUNS_PER_ROUTE = 25;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
};

type RouteUnderTest = {
  method: string;
  url: string;
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
};

const database = await openTestDatabase();
// A collector made before the administrator, so that id 1 of the users is never the caller's own account.
await createUser(database.db);
const admin = await asAdmin(database.db);
const fixtures = await createFixtures();
const app = await startTestApp(database);
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Rows for id 1 of the main tables and one known asset, so well-shaped requests reach the services. */
async function createFixtures() {
  const dataset = await createDataset(database.db);
  const survey = await createSurvey(database.db, { defaultDatasetId: dataset.id });
  const question = await createQuestion(database.db, survey.id, {
    questionIdentifier: 'ASSET_NAME',
    questionType: 'TEXT',
  });
  await createOption(database.db, question.id);
  const asset = await createAsset(database.db, { surveyId: survey.id, datasetId: dataset.id });
  return { assetId: asset.id };
}

function routesWithInput(captured: RouteOptions[]): RouteUnderTest[] {
  const seen = new Set<string>();
  const found: RouteUnderTest[] = [];
  for (const route of captured) {
    const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
    const schema = (route.schema ?? {}) as Partial<Record<'params' | 'querystring' | 'body', z.ZodType>>;
    for (const method of [route.method].flat()) {
      const key = `${method} ${url}`;
      if (method === 'HEAD' || !url.startsWith('/api/') || seen.has(key)) continue;
      seen.add(key);
      if (!schema.params && !schema.querystring && !schema.body) continue;
      found.push({
        method,
        url,
        params: schema.params && inputSchema(schema.params),
        querystring: schema.querystring && inputSchema(schema.querystring),
        body: schema.body && inputSchema(schema.body),
      });
    }
  }
  // Deletions last, so that the other routes still find the fixtures.
  return found.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

const inputSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Values for fields whose format the contract checks beyond their JSON Schema type. */
const SAMPLE_BY_FIELD: Record<string, unknown> = {
  mac: 'AA:BB:CC:DD:EE:FF',
  deviceMac: 'AA:BB:CC:DD:EE:FF',
  pillColor: '#1A7F5A',
  contentType: 'image/jpeg',
  extension: 'jpg',
  tempId: 'new-1',
};

/**
 * A value the schema accepts in shape: the first choice, the smallest number, a short string. The
 * body's own fields are all filled, so each can be made hostile; deeper down only the required ones.
 */
function sampleOf(schema: JsonSchema | undefined, name = '', allFields = false): unknown {
  if (!schema) return undefined;
  if (name in SAMPLE_BY_FIELD) return SAMPLE_BY_FIELD[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return sampleOf(choices.find((choice) => choice.type !== 'null') ?? choices[0], name, allFields);
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => allFields || schema.required?.includes(key))
          .map(([key, property]) => [key, sampleOf(property, key)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sampleOf(schema.items, name));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return sampleString(schema, name);
    default:
      return 'x';
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'uuid') return name === 'id' ? fixtures.assetId : crypto.randomUUID();
  if (schema.format === 'date-time') return '2024-05-03T10:00:00.000Z';
  if (schema.format === 'date') return '2024-05-03';
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.pattern?.includes('\\d')) return '1';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

const HUGE_TEXT = 'ë'.repeat(100_000);
const OVER_BODY_LIMIT = 'x'.repeat(1_100_000);

/** What an attacker or a broken client puts where a field belongs. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    '   ',
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m\r\n\t',
    '\uD800',
    '\u202Eevil',
    '🏛️ Kulla e Jasharëve Дечани',
    "' OR 1=1 --",
    "'); DROP TABLE assets; --",
    '<script>alert(1)</script>',
    '<img src=x onerror="window.__xss=1">',
    '../../etc/passwd',
    '%2e%2e%2f',
    '__proto__',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '0x10',
    HUGE_TEXT,
    OVER_BODY_LIMIT,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(0, -1, -0, 0.5, -2_147_483_649, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
);

/** Text in a URL: hostile values written out, plus ids no database has and broken percent-encoding. */
const hostileUrlText: fc.Arbitrary<string> = fc.oneof(
  hostileValue.map((value) => percentEncode(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '..%2F..%2Fetc',
    '%2e%2e',
    '9'.repeat(400),
    '1.5',
    '1e3',
    '%201',
    '-0',
    '2147483648',
    '00000000-0000-0000-0000-00000000000g',
    // A UTF-16 surrogate written as UTF-8 bytes, which no valid UTF-8 holds.
    '%ED%A0%80',
  ),
);

/** Every byte of the text's UTF-8 percent-encoded; lone surrogates, which encodeURIComponent refuses, become U+FFFD. */
const percentEncode = (text: string) =>
  Array.from(Buffer.from(text, 'utf8'), (byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,]',
  "{'a':1}",
  'nul',
  '\u0000',
  '{"a":1}{"b":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
];

type HostileRequest = {
  /** Values as they appear in the URL, percent-encoded or deliberately broken. */
  params: Record<string, string>;
  query: Record<string, string>;
  /** Raw request body text; undefined sends none. */
  payload: string | undefined;
  contentType: string;
  /** The part made hostile, for the failure message. */
  variant: string;
};

function hostileRequests(route: RouteUnderTest): fc.Arbitrary<HostileRequest> {
  const params = (sampleOf(route.params) ?? {}) as Record<string, unknown>;
  const query = (sampleOf(route.querystring) ?? {}) as Record<string, unknown>;
  const body = sampleOf(route.body, '', true);
  const base = (variant: string): HostileRequest => ({
    params: mapValues(params, (value) => percentEncode(String(value))),
    query: mapValues(query, (value) => percentEncode(String(value))),
    payload: body === undefined ? undefined : JSON.stringify(body),
    contentType: 'application/json',
    variant,
  });

  const variants: fc.Arbitrary<HostileRequest>[] = [];
  const paramNames = Object.keys(params);
  if (paramNames.length > 0) {
    variants.push(
      fc.record({ name: fc.constantFrom(...paramNames), text: hostileUrlText }).map(({ name, text }) => ({
        ...base(`param ${name}=${text.slice(0, 60)}`),
        params: { ...base('').params, [name]: text },
      })),
    );
  }
  const queryNames = Object.keys(route.querystring?.properties ?? {});
  if (queryNames.length > 0) {
    variants.push(
      fc.record({ name: fc.constantFrom(...queryNames, 'unexpected'), text: hostileUrlText }).map(({ name, text }) => ({
        ...base(`query ${name}=${text.slice(0, 60)}`),
        query: { ...base('').query, [name]: text },
      })),
      fc.subarray(queryNames).map((dropped) => ({
        ...base(`query without ${dropped.join(', ')}`),
        query: withoutKeys(base('').query, dropped),
      })),
    );
  }
  if (route.body) {
    const fields = Object.keys(route.body.properties ?? {});
    variants.push(
      fc.jsonValue({ maxDepth: 3 }).map((value) => ({
        ...base(`body ${JSON.stringify(value).slice(0, 60)}`),
        payload: JSON.stringify(value),
      })),
      fc.constantFrom(...MALFORMED_JSON).map((text) => ({ ...base(`malformed body ${text}`), payload: text })),
      fc.constantFrom(...WRONG_CONTENT_TYPES).map((contentType) => ({
        ...base(`body sent as ${contentType}`),
        contentType,
      })),
    );
    if (fields.length > 0 && isRecord(body)) {
      variants.push(
        fc.record({ field: fc.constantFrom(...fields), value: hostileValue }).map(({ field, value }) => ({
          ...base(`body.${field}=${shortText(value)}`),
          payload: JSON.stringify({ ...body, [field]: value }),
        })),
        fc
          .record({
            dropped: fc.subarray(fields, { minLength: 1 }),
            extra: fc.dictionary(fc.constantFrom('id', 'role', 'isAdmin', 'constructor', 'userId', 'x'), hostileValue, {
              maxKeys: 3,
            }),
          })
          .map(({ dropped, extra }) => ({
            ...base(`body without ${dropped.join(', ')} with ${Object.keys(extra).join(', ')}`),
            payload: JSON.stringify({ ...withoutKeys(body, dropped), ...extra }),
          })),
      );
    }
  }
  return fc.oneof(...variants);
}

const mapValues = <Value>(record: Record<string, unknown>, map: (value: unknown) => Value) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));

const withoutKeys = <Value>(record: Record<string, Value>, keys: string[]) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const shortText = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} characters)` : text;
};

function urlOf(route: RouteUnderTest, request: HostileRequest) {
  const path = route.url
    .replace(/:(\w+)/g, (_, name: string) => request.params[name] ?? '1')
    .replace('*', request.params['*'] ?? 'x');
  const query = Object.entries(request.query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/**
 * Every table's row count and content hash in one round trip; any write shows up. The asset counts
 * as readers see them (the asset_counts view), not their two tables, between which the server
 * folds changes in the background whatever the requests do. Rate-limit counters are left out: a
 * refused request is counted against its sender by design, before its body is even read.
 */
async function databaseFingerprint(): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public'
        and (table_type = 'BASE TABLE' or table_name = 'asset_counts')
        and table_name not in ('asset_count_changes', 'asset_count_totals', 'rate_limit_counters')
      order by table_name`),
  );
  // A zero count may show before a fold and not after it.
  const contentOf = (name: string) =>
    name === 'asset_counts' ? sql`(select * from asset_counts where count <> 0)` : sql.identifier(name);
  const perTable = tables.map(
    ({ name }) =>
      sql`select ${name} as name, count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${contentOf(name)} t`,
  );
  return JSON.stringify(rowsOf(await database.db.execute(sql.join(perTable, sql` union all `))));
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const routes = routesWithInput(registeredRoutes);

describe('hostile input on every endpoint', () => {
  it('finds the routes it attacks', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /api/datasets', 'PATCH /api/surveys/assets/:id', 'POST /api/collect/submissions']),
    );
  });

  it('notices a write in its database fingerprint, so an unchanged one means nothing was written', async () => {
    const before = await databaseFingerprint();
    await createDataset(database.db);
    expect(await databaseFingerprint()).not.toBe(before);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s answers below 500, refuses with an error body, and a refused write changes nothing',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(hostileRequests(route), async (request) => {
          const isWrite = WRITES.has(route.method);
          const before = isWrite ? await databaseFingerprint() : '';
          const response = await app.inject({
            method: route.method as 'GET',
            url: urlOf(route, request),
            headers: { ...admin, ...(request.payload !== undefined && { 'content-type': request.contentType }) },
            ...(request.payload !== undefined && { payload: request.payload }),
          });
          const context = `${route.method} ${route.url} with ${request.variant} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          if (response.statusCode < 400) return;
          expect(ErrorResponse.safeParse(response.json()).success, context).toBe(true);
          expect(response.json<ErrorResponse>().message, context).not.toBe('');
          if (isWrite) expect(await databaseFingerprint(), `database changed: ${context}`).toBe(before);
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
  );
});
