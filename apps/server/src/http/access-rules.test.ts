import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@trashegimia/contract/common';
import type { App } from '../app';
import type { DatabaseHandle } from '../db/client';
import { TokenService } from '../modules/auth/tokens';
import { createAsset, createDataset, createSurvey, createUser } from '../test/factories';
import { startTestApp, testConfig } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';
import { asAdmin, asGuest, asUser } from '../test/tokens';
import { ACCESS_RULES, type Access, enforceAccessRules } from './access-rules';

type Caller = 'anonymous' | 'guest' | 'user' | 'collector' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'guest', 'user', 'collector', 'admin'];

/** The status each caller must (401, 403) or must not ('allowed': neither) get under each rule. */
const EXPECTED: Record<Access, Record<Caller, 401 | 403 | 'allowed'>> = {
  anyone: { anonymous: 'allowed', guest: 'allowed', user: 'allowed', collector: 'allowed', admin: 'allowed' },
  session: { anonymous: 401, guest: 'allowed', user: 'allowed', collector: 'allowed', admin: 'allowed' },
  account: { anonymous: 401, guest: 403, user: 'allowed', collector: 'allowed', admin: 'allowed' },
  admin: { anonymous: 401, guest: 403, user: 403, collector: 403, admin: 'allowed' },
  ownAsset: { anonymous: 401, guest: 403, user: 403, collector: 'allowed', admin: 'allowed' },
  // Called without a signature: no session of any kind stands in for it.
  signedUrl: { anonymous: 403, guest: 403, user: 403, collector: 403, admin: 403 },
};

/** Bodies that pass validation where the rule is decided after it (whose asset it is). */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/surveys/assets/:id/media/sas': { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' },
  'PUT /api/surveys/assets/:id/media': { media: [] },
};

let database: DatabaseHandle;
let app: App;
let assetId: string;
let headersOf: Record<Caller, Record<string, string>>;
let signIn: () => Promise<Record<Caller, Record<string, string>>>;

/** Routes that end the session they are called with. */
const ENDS_SESSION = new Set(['POST /api/auth/logout']);

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
  const collector = await createUser(database.db, { role: ROLE.USER });
  const tokens = new TokenService(testConfig().auth.jwtSecret, 3600);
  const survey = await createSurvey(database.db);
  const dataset = await createDataset(database.db);
  // Awaiting review: the one state in which its collector may still change its media.
  const asset = await createAsset(database.db, {
    surveyId: survey.id,
    datasetId: dataset.id,
    userId: collector.id,
    status: 'UPLOADED',
  });
  assetId = asset.id;
  // Fresh tokens for each caller (signing out ends the ones it is called with).
  signIn = async () => ({
    anonymous: {},
    guest: await asGuest(),
    user: await asUser(database.db),
    collector: {
      authorization: `Bearer ${await tokens.sign({ guest: false, userId: collector.id, role: ROLE.USER })}`,
    },
    admin: await asAdmin(database.db),
  });
  headersOf = await signIn();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const entries = Object.entries(ACCESS_RULES).map(([route, rule]) => {
  const [method, url] = route.split(' ') as [string, string];
  return { route, method, url, access: rule.access };
});

/** A URL for the route pattern: the test's asset for asset routes, ids that exist nowhere elsewhere. */
function concreteUrl(pattern: string) {
  return pattern
    .replace('/assets/:id', `/assets/${assetId}`)
    .replace(':mac', 'AA-BB-CC-DD-EE-FF')
    .replace(/:[A-Za-z]+/g, '987654')
    .replace('*', 'nothing-here.png');
}

describe('the declared access table', () => {
  it('names only routes the server has', () => {
    const missing = entries.filter(({ method, url }) => !app.hasRoute({ method: method as 'GET', url }));
    expect(missing.map(({ route }) => route)).toEqual([]);
  });

  // The table is what the server enforces, so the walk below cannot catch a rule declared too
  // loosely: this list can. Opening a route to more than administrators means changing both.
  it('opens to callers other than administrators only the routes meant for them', () => {
    const open = (access: Access) =>
      entries.filter((entry) => entry.access === access).map(({ route }) => route.replace(/\/$/, ''));
    expect(new Set(open('anyone'))).toEqual(
      new Set([
        'GET /api/health',
        'GET /api/ready',
        'GET /api/config',
        'GET /api/auth/captcha',
        'POST /api/auth/login',
        'POST /api/auth/guest',
        'POST /api/access-requests',
        'GET /api/datasets',
        'GET /api/datasets/:id',
        'GET /api/datasets/:id/filters',
        'GET /api/surveys/dataset-respondents',
        'GET /api/surveys/assets',
        'GET /api/surveys/assets/points',
        'GET /api/surveys/assets/:id',
        'GET /api/surveys/assets/:id/pdf',
        'GET /api/surveys/assets/:id/media',
      ]),
    );
    expect(new Set(open('session'))).toEqual(
      new Set([
        'POST /api/auth/logout',
        'POST /api/surveys/dataset-respondents',
        'GET /api/guidelines',
        'GET /api/guidelines/:id/sas',
      ]),
    );
    expect(new Set(open('account'))).toEqual(
      new Set([
        'PATCH /api/users/me/password',
        'GET /api/datasets/stats',
        'GET /api/collect/surveys',
        'POST /api/collect/submissions',
        'POST /api/surveys/dataset-respondents/summary',
        'POST /api/surveys/dataset-respondents/export',
        'POST /api/surveys/dataset-respondents/export-link',
      ]),
    );
    expect(new Set(open('ownAsset'))).toEqual(
      new Set(['POST /api/surveys/assets/:id/media/sas', 'PUT /api/surveys/assets/:id/media']),
    );
    expect(new Set(open('signedUrl'))).toEqual(
      new Set(['GET /api/blobs/*', 'PUT /api/blobs/*', 'GET /api/surveys/dataset-respondents/export']),
    );
  });

  it('stops the server from starting when an API route has no declared rule', async () => {
    const bare = Fastify();
    const registering = bare.register(
      async (api) => {
        enforceAccessRules(api);
        api.get('/health', async () => 'ok');
        api.get('/undeclared', async () => 'open to all by mistake');
      },
      { prefix: '/api' },
    );
    await expect(registering).rejects.toThrow('No access rule declared for GET /api/undeclared');
  });

  it('holds for every route and every kind of caller (401 without a session, 403 for a wrong role)', async () => {
    const wrong: string[] = [];
    for (const { route, method, url, access } of entries) {
      const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
      for (const caller of CALLERS) {
        const response = await app.inject({
          method: method as 'GET',
          url: concreteUrl(url),
          headers: headersOf[caller],
          ...(withBody ? { payload: (VALID_BODIES[route] ?? {}) as object } : {}),
        });
        const expected = EXPECTED[access][caller];
        const refused = response.statusCode === 401 || response.statusCode === 403;
        const holds = expected === 'allowed' ? !refused : response.statusCode === expected;
        if (!holds) {
          wrong.push(`${route} as ${caller}: ${response.statusCode}, expected ${expected} (${access})`);
        }
        // CORS is same-origin: no route lets another site's page read its answer.
        if (response.headers['access-control-allow-origin'] !== undefined) {
          wrong.push(`${route} as ${caller}: sent Access-Control-Allow-Origin`);
        }
      }
      if (ENDS_SESSION.has(route)) headersOf = await signIn();
    }
    expect(wrong).toEqual([]);
  });

  it('guards the HEAD twin of a GET route as the GET route', async () => {
    const head = (headers: Record<string, string>) =>
      app.inject({ method: 'HEAD', url: '/api/users', headers }).then((response) => response.statusCode);
    expect(await head(headersOf.anonymous)).toBe(401);
    expect(await head(headersOf.user)).toBe(403);
    expect(await head(headersOf.admin)).toBe(200);
  });

  it("answers another site's CORS preflight without allowing it", async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/surveys/assets',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});
