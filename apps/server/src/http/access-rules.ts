import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { requireAdmin, requireSession, requireUser } from '../modules/auth/guards';

/**
 * Who may call what: one rule for every API route, keyed `METHOD /api/path` as Fastify registers it
 * (a HEAD route follows its GET route). `enforceAccessRules` gives each route the guard its rule
 * names, checked before the body is read, and refuses to start when a route has none; services
 * still check what depends on the data (the asset's collector, a filter only accounts may use).
 * access-rules.test.ts calls every route as each kind of caller against this table. Swagger UI and
 * the OpenAPI document at /api/docs sit beside the API, outside this table: public, and no data.
 */
export type Access =
  /** No session needed. */
  | 'anyone'
  /** A guest or an account: 401 without a token. */
  | 'session'
  /** A logged-in account, user (role 1) or admin (role 2): 401 without a token, 403 for a guest. */
  | 'account'
  /** An administrator (role 2): 401 without a token, 403 for guests and users. */
  | 'admin'
  /** An administrator, or the account that submitted the asset while it awaits review; 403 for other accounts. */
  | 'ownAsset'
  /** No session at all: the URL's signature is the permission (an `<img>` sends no token); 403 without it. */
  | 'signedUrl';

export type AccessRule = { access: Access; reason?: string };

const anyone: AccessRule = { access: 'anyone' };
const session: AccessRule = { access: 'session' };
const admin: AccessRule = { access: 'admin' };

const publicRegister: AccessRule = {
  access: 'anyone',
  reason: 'the public side; non-admins see only approved assets of active datasets',
};

export const ACCESS_RULES: Readonly<Record<string, AccessRule>> = {
  'GET /api/health': anyone,
  'GET /api/ready': { access: 'anyone', reason: "load balancers' and orchestrators' readiness probe" },
  'GET /api/config': { access: 'anyone', reason: 'what the page needs before anyone logs in' },

  'GET /api/auth/captcha': { access: 'anyone', reason: 'rate limited per address' },
  'POST /api/auth/login': { access: 'anyone', reason: 'captcha, and throttled per account and address' },
  'POST /api/auth/guest': { access: 'anyone', reason: 'captcha, and rate limited per address' },
  'POST /api/auth/logout': { access: 'session', reason: 'a guest or an account ends its own token' },

  'GET /api/users': admin,
  'GET /api/users/': admin,
  'POST /api/users': admin,
  'POST /api/users/': admin,
  'PATCH /api/users/:id/password': admin,
  'DELETE /api/users/:id': admin,
  'PATCH /api/users/me/password': { access: 'account', reason: 'every account changes its own; guests have none' },

  'POST /api/access-requests': {
    access: 'anyone',
    reason: 'asking for an account: captcha, and rate limited per address',
  },
  'POST /api/access-requests/': {
    access: 'anyone',
    reason: 'asking for an account: captcha, and rate limited per address',
  },
  'GET /api/access-requests': admin,
  'GET /api/access-requests/': admin,
  'POST /api/access-requests/:id/approve': admin,
  'POST /api/access-requests/:id/decline': admin,

  'GET /api/datasets': publicRegister,
  'GET /api/datasets/': publicRegister,
  'GET /api/datasets/stats': { access: 'account', reason: 'statistics are for logged-in users' },
  'GET /api/datasets/:id': publicRegister,
  'GET /api/datasets/:id/filters': publicRegister,
  'POST /api/datasets': admin,
  'POST /api/datasets/': admin,
  'PATCH /api/datasets/:id': admin,
  'DELETE /api/datasets/:id': admin,

  'GET /api/devices': admin,
  'GET /api/devices/': admin,
  'GET /api/devices/mac/:mac': admin,
  'POST /api/devices': admin,
  'POST /api/devices/': admin,
  'PATCH /api/devices/:id': admin,
  'DELETE /api/devices/:id': admin,

  'GET /api/collect/surveys': { access: 'account', reason: 'field devices log in with an account' },
  'POST /api/collect/submissions': { access: 'account', reason: 'the asset records the account that submitted it' },

  'POST /api/imports': admin,
  'POST /api/imports/': admin,
  'GET /api/imports/:id': admin,
  'POST /api/imports/:id/preview': admin,
  'POST /api/imports/:id/run': admin,

  'GET /api/surveys/dataset-respondents': publicRegister,
  'POST /api/surveys/dataset-respondents': {
    access: 'session',
    reason: 'filtered lookups need a session (spec §5); with filterPage INTERACTIVE_MAP or ANALYTICS an account',
  },
  'POST /api/surveys/dataset-respondents/summary': { access: 'account', reason: 'analytics are for logged-in users' },
  'POST /api/surveys/dataset-respondents/export': { access: 'account', reason: 'downloads are for logged-in users' },
  'POST /api/surveys/dataset-respondents/export-link': {
    access: 'account',
    reason: 'downloads are for logged-in users; the link is signed for the account and session',
  },
  'GET /api/surveys/dataset-respondents/export': {
    access: 'signedUrl',
    reason: 'a browser download sends no token: the link POST …/export-link signed for the account, for a minute',
  },
  'GET /api/surveys/assets': publicRegister,
  'GET /api/surveys/assets/points': publicRegister,
  'GET /api/surveys/assets/export': admin,
  'GET /api/surveys/assets/:id': publicRegister,
  'GET /api/surveys/assets/:id/pdf': publicRegister,
  'GET /api/surveys/assets/:id/media': publicRegister,
  'GET /api/surveys/assets/:id/history': admin,
  'PATCH /api/surveys/assets/status': admin,
  'PATCH /api/surveys/assets/:id': admin,
  'PATCH /api/surveys/assets/:id/status': admin,
  'POST /api/surveys/assets/:id/media/sas': { access: 'ownAsset', reason: 'a collector adds photos to a submission' },
  'PUT /api/surveys/assets/:id/media': { access: 'ownAsset', reason: 'a collector lists the photos it uploaded' },

  'GET /api/blobs/*': { access: 'signedUrl', reason: 'short-lived read URLs handed out by the calls above' },
  'PUT /api/blobs/*': { access: 'signedUrl', reason: 'upload grants, for one path, type and size' },

  'GET /api/guidelines': { access: 'session', reason: 'the documentation is for every session (spec §6)' },
  'GET /api/guidelines/': { access: 'session', reason: 'the documentation is for every session (spec §6)' },
  'GET /api/guidelines/:id/sas': session,
  'POST /api/guidelines/upload/sas': admin,
  'POST /api/guidelines': admin,
  'POST /api/guidelines/': admin,
  'PATCH /api/guidelines/:id': admin,
  'DELETE /api/guidelines/:id': admin,

  'GET /api/surveys': admin,
  'GET /api/surveys/': admin,
  'POST /api/surveys': admin,
  'POST /api/surveys/': admin,
  'GET /api/surveys/:id': admin,
  'PATCH /api/surveys/:id': admin,
  'DELETE /api/surveys/:id': admin,
  'POST /api/surveys/xlsform': admin,
  'POST /api/surveys/:id/duplicate': admin,
  'GET /api/surveys/:id/xlsform': admin,
  'GET /api/surveys/:id/questions': admin,
  'POST /api/surveys/:id/questions': admin,
  'POST /api/surveys/:id/questions/import': admin,
  'DELETE /api/surveys/:id/questions/:questionId': admin,

  'POST /api/questions/:id/options': admin,
  'PATCH /api/questions/:id/options/bulk': admin,
  'DELETE /api/questions/:id/options/:optionId': admin,

  'GET /api/question-groups': admin,
  'GET /api/question-groups/': admin,
  'POST /api/question-groups': admin,
  'POST /api/question-groups/': admin,
  'PATCH /api/question-groups/:id': admin,
  'DELETE /api/question-groups/:id': admin,

  'GET /api/question-library': admin,
  'GET /api/question-library/': admin,
  'POST /api/question-library': admin,
  'POST /api/question-library/': admin,
  'PATCH /api/question-library/:id': admin,
  'DELETE /api/question-library/:id': admin,
};

/** The rule for a registered route, or undefined when none is declared. */
export function accessRuleOf(method: string, url: string): AccessRule | undefined {
  const declaredMethod = method === 'HEAD' ? 'GET' : method;
  return ACCESS_RULES[`${declaredMethod} ${url}`];
}

/** 'ownAsset' needs an account here; whose asset it is, the service decides. A signature is checked by its route. */
const GUARDS: Record<Access, onRequestHookHandler | null> = {
  anyone: null,
  session: requireSession,
  account: requireUser,
  admin: requireAdmin,
  ownAsset: requireUser,
  signedUrl: null,
};

/**
 * For every route registered in `api` (and the plugins inside it) from now on: its declared guard
 * runs first among the route's own hooks, after authentication; a route without a rule is an error
 * at start-up.
 */
export function enforceAccessRules(api: FastifyInstance) {
  api.addHook('onRoute', (route) => {
    const accesses = new Set(
      [route.method].flat().map((method) => {
        const rule = accessRuleOf(method, route.url);
        if (!rule) throw new Error(`No access rule declared for ${method} ${route.url} (see http/access-rules.ts)`);
        return rule.access;
      }),
    );
    if (accesses.size > 1) throw new Error(`${route.url}: one route per method when their access rules differ`);
    const guard = GUARDS[[...accesses][0]!];
    if (guard) route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}
