import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { DatabaseHandle } from '../db/client';
import { buildTestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';

type Response = { description?: string; content?: Record<string, { schema: Record<string, unknown> }> };
type Operation = {
  operationId?: string;
  security?: unknown[];
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, Response>;
};
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

/** swagger-parser's type for a document (openapi-types', which this package does not depend on itself). */
type ParserDocument = NonNullable<Parameters<SwaggerParser.ApiCallback>[1]>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorResponse' };
const NOT_READY_SCHEMA = { $ref: '#/components/schemas/NotReadyResponse' };

let folder: string;
let database: DatabaseHandle;
let app: App;
let document: OpenApiDocument;

beforeAll(async () => {
  // With a web build, so that the page's routes exist and can be seen to stay out of the document.
  folder = mkdtempSync(path.join(tmpdir(), 'trashegimia-api-docs-'));
  const webDist = path.join(folder, 'web');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(path.join(webDist, 'assets', 'index-a1.js'), 'export {};');
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  database = await openTestDatabase();
  app = await buildTestApp(database, { WEB_DIST_DIR: webDist });
  await app.ready();
  const response = await app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ at: `${method.toUpperCase()} ${route}`, operation })),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI: swagger-parser validates it, every $ref resolving', async () => {
    // validate dereferences in place; the document stays as served for the other tests.
    await SwaggerParser.validate(structuredClone(document) as unknown as ParserDocument);
  });

  it("passes Redocly's recommended rules, but for the warnings listed with their reasons", async () => {
    const problems = await lintWithRedocly(document);
    const unexpected = problems
      .filter((problem) => !isAccepted(problem))
      .map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.pointer}: ${problem.message}`);
    expect(unexpected).toEqual([]);
  });

  it('names, summarizes and describes every operation and response', () => {
    const ids = new Set<string>();
    for (const { at, operation } of operations()) {
      expect(operation.operationId, at).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(ids.has(operation.operationId!), `${at}: ${operation.operationId} twice`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.summary, at).toBeTruthy();
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith('2')),
        at,
      ).toBe(true);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${at} ${status}`).toBeTruthy();
        expect(response.description, `${at} ${status}`).not.toBe('Default Response');
        if (Number(status) >= 400) {
          // The readiness probe's 503 is an ErrorResponse with the checks beside it, which say which fails.
          const schema = at === 'GET /api/ready' ? NOT_READY_SCHEMA : ERROR_SCHEMA;
          expect(response.content, `${at} ${status}`).toEqual({ 'application/json': { schema } });
        }
      }
    }
  });

  it('lists the API only, each path once, without a trailing slash, the blob wildcard as {path}', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((route) => !route.startsWith('/api/'))).toEqual([]);
    expect(paths.filter((route) => route.endsWith('/') || route.includes('*'))).toEqual([]);
    expect(paths.filter((route) => route.startsWith('/api/docs'))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['/api/users', '/api/surveys', '/api/datasets', '/api/blobs/{path}']));
    for (const method of ['get', 'put']) {
      expect(document.paths['/api/blobs/{path}']![method]!.parameters).toContainEqual(
        expect.objectContaining({ name: 'path', in: 'path', required: true }),
      );
    }
  });

  it('asks for a bearer token only where the call needs one: not to log in, read the register or use a signed URL', () => {
    const tokenless = operations()
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ at }) => at);
    expect(tokenless).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/auth/login',
        'GET /api/datasets',
        'GET /api/blobs/{path}',
        'PUT /api/blobs/{path}',
        'GET /api/surveys/dataset-respondents/export',
      ]),
    );
    for (const needsToken of [
      'POST /api/auth/logout',
      'GET /api/users',
      'POST /api/surveys/xlsform',
      'POST /api/surveys/dataset-respondents/export',
    ]) {
      expect(tokenless).not.toContain(needsToken);
    }
  });

  it('refers to the recursive question trees through components', () => {
    const questions =
      document.paths['/api/surveys/{id}/questions']!.get!.responses['200']!.content!['application/json']!;
    expect(questions.schema).toMatchObject({
      properties: { items: { items: { $ref: '#/components/schemas/QuestionNode' } } },
    });
    expect(document.components.schemas.QuestionNode).toMatchObject({
      properties: { children: { items: { $ref: '#/components/schemas/QuestionNode' } } },
    });
    expect(document.components.schemas.XlsFormQuestion).toMatchObject({
      properties: { children: { items: { $ref: '#/components/schemas/XlsFormQuestion' } } },
    });
  });

  it('describes the files sent and answered as bytes, with their media types', () => {
    const bodyTypes = (route: string, method: string) =>
      Object.keys(document.paths[route]![method]!.requestBody?.content ?? {}).sort();
    const answerTypes = (route: string, method: string) =>
      Object.keys(document.paths[route]![method]!.responses['200']?.content ?? {}).sort();
    const binary = { type: 'string', format: 'binary' };

    expect(bodyTypes('/api/imports', 'post')).toEqual([XLSX, 'text/csv'].sort());
    expect(bodyTypes('/api/surveys/xlsform', 'post')).toEqual([XLSX]);
    expect(bodyTypes('/api/blobs/{path}', 'put')).toEqual(['*/*']);
    for (const [route, method] of [
      ['/api/imports', 'post'],
      ['/api/blobs/{path}', 'put'],
    ] as const) {
      for (const media of Object.values(document.paths[route]![method]!.requestBody!.content)) {
        expect(media.schema).toMatchObject(binary);
      }
    }

    expect(answerTypes('/api/surveys/assets/{id}/pdf', 'get')).toEqual(['application/pdf']);
    expect(answerTypes('/api/surveys/assets/export', 'get')).toEqual([XLSX, 'text/csv'].sort());
    const datasetExportTypes = [
      'application/pdf',
      XLSX,
      'text/csv',
      'application/geo+json',
      'application/vnd.google-earth.kml+xml',
    ].sort();
    expect(answerTypes('/api/surveys/dataset-respondents/export', 'post')).toEqual(datasetExportTypes);
    expect(answerTypes('/api/surveys/dataset-respondents/export', 'get')).toEqual(datasetExportTypes);
    expect(answerTypes('/api/surveys/{id}/xlsform', 'get')).toEqual([XLSX]);
    expect(answerTypes('/api/blobs/{path}', 'get')).toEqual(['*/*']);
    expect(document.paths['/api/surveys/assets/{id}/pdf']!.get!.responses['200']!.content!['application/pdf']).toEqual({
      schema: binary,
    });
  });

  it('says nothing of an empty answer but its description', () => {
    expect(document.paths['/api/surveys/{id}']!.delete!.responses['204']).toEqual({ description: 'Deleted' });
  });
});

type LintProblem = { ruleId: string; severity: string; message: string; pointer: string };

/**
 * Warnings kept on purpose, each with why. Errors are never accepted.
 */
const ACCEPTED_WARNINGS: { ruleId: string; pointer: RegExp; reason: string }[] = [
  {
    ruleId: 'info-license',
    pointer: /^#\/info$/,
    reason: 'the project publishes no licence, and the document should not make one up',
  },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: /^#\/paths\/~1api~1surveys~1\{id\}~1(xlsform|questions|duplicate)$/,
    reason:
      "the spec's paths: /api/surveys/assets/{id} and /api/surveys/{id}/… both fit /api/surveys/assets/questions; the router prefers the static `assets`, and no survey id is `assets`",
  },
  {
    ruleId: 'operation-4xx-response',
    pointer: /^#\/paths\/~1api~1(health|ready|config)\/get\/responses$/,
    reason: 'they take no input and need no session, so no 4xx answer can happen',
  },
];

const isAccepted = (problem: LintProblem) =>
  problem.severity === 'warn' &&
  ACCEPTED_WARNINGS.some(({ ruleId, pointer }) => problem.ruleId === ruleId && pointer.test(problem.pointer));

const run = promisify(execFile);

/** `redocly lint --extends recommended` on the document, as a file in this test's folder (no config there). */
async function lintWithRedocly(openapi: OpenApiDocument): Promise<LintProblem[]> {
  const file = path.join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(openapi));
  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const args = [cli, 'lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '1000', file];
  const options = {
    cwd: folder,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  };
  let stdout: string;
  try {
    ({ stdout } = await run(process.execPath, args, options));
  } catch (error) {
    // It exits with 1 when it finds errors; the report is still on stdout.
    stdout = (error as { stdout?: string }).stdout ?? '';
    if (!stdout) throw error;
  }
  const report = JSON.parse(stdout) as {
    problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
  };
  return report.problems.map(({ ruleId, severity, message, location }) => ({
    ruleId,
    severity,
    message,
    pointer: location[0]?.pointer ?? '',
  }));
}
