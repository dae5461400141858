import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenClaims } from '@trashegimia/contract/auth';
import { PAGE_STATE_ELEMENT_ID } from '@trashegimia/contract/page-render';
import type { AcceptedToken } from './authentication';
import { registerWebApp } from './web-app';

/** Tokens as the API would judge them: only these two are accepted. */
const SESSIONS: Record<string, TokenClaims> = {
  'guest-token': { guest: true },
  'admin-token': { guest: false, userId: 7, role: 2 },
};
const acceptToken = async (token: string): Promise<AcceptedToken | null> => {
  const claims = SESSIONS[token];
  return claims ? { claims, tokenId: token, expiresAt: new Date(Date.now() + 60_000) } : null;
};

const INDEX_HTML = '<!doctype html><html><head><title>Trashëgimia</title></head><body></body></html>';
const PRELOADS = {
  pages: {
    '/': ['/assets/home-route-a1.js', '/assets/shared-b2.js'],
    '/data/:categoryId': ['/assets/dataset-detail-route-c3.js', '/assets/shared-b2.js'],
  },
  languages: { xk: ['/assets/locale-xk-d4.js'], en: ['/assets/locale-en-e5.js'], sr: ['/assets/locale-sr-f6.js'] },
};

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'trashegimia-web-app-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'page-preloads.json'), JSON.stringify(PRELOADS));
  app = Fastify();
  await registerWebApp(app, dist, acceptToken);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

const openPage = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { accept: 'text/html', ...headers } });

describe('the page, with its screen and language named for preloading', () => {
  it("names the screen's chunks and the stored language's texts, once each, in the head", async () => {
    const response = await openPage('/data/3', { cookie: 'theme=dark; language=en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toContain('Cookie');
    expect(preloaded(response.body)).toEqual([
      '/assets/dataset-detail-route-c3.js',
      '/assets/shared-b2.js',
      '/assets/locale-en-e5.js',
    ]);
    expect(response.body).toMatch(/modulepreload.*<\/head>/s);
  });

  it('serves / as a page too, whatever the request accepts', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(preloaded(response.body)).toEqual([
      '/assets/home-route-a1.js',
      '/assets/shared-b2.js',
      '/assets/locale-xk-d4.js',
    ]);
  });

  it("without a stored choice, takes the browser's first language we offer, else Albanian", async () => {
    const serbian = await openPage('/', { 'accept-language': 'de-DE,sr-Latn;q=0.8,en;q=0.5' });
    expect(preloaded(serbian.body)).toContain('/assets/locale-sr-f6.js');
    const albanian = await openPage('/', { 'accept-language': 'sq-AL' });
    expect(preloaded(albanian.body)).toContain('/assets/locale-xk-d4.js');
    const neither = await openPage('/', { 'accept-language': 'de-DE' });
    expect(preloaded(neither.body)).toContain('/assets/locale-xk-d4.js');
  });

  it('treats a stored language we do not offer as the default, as the page does', async () => {
    const response = await openPage('/', { cookie: 'language=fr', 'accept-language': 'en' });
    expect(preloaded(response.body)).toContain('/assets/locale-xk-d4.js');
  });

  it('names only the language for a page without a listed screen, and leaves the API its JSON 404', async () => {
    const other = await openPage('/admin/users?page=2');
    expect(other.statusCode).toBe(200);
    expect(preloaded(other.body)).toEqual(['/assets/locale-xk-d4.js']);
    const api = await openPage('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('route_not_found');
  });
});

describe('a build without the preload list', () => {
  it('serves index.html as it is', async () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'trashegimia-web-app-'));
    writeFileSync(path.join(bare, 'index.html'), INDEX_HTML);
    const bareApp = Fastify();
    await registerWebApp(bareApp, bare, acceptToken);
    try {
      const response = await bareApp.inject({ url: '/map', headers: { accept: 'text/html' } });
      expect(response.body).toBe(INDEX_HTML);
    } finally {
      await bareApp.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

/**
 * A stand-in for the web app's server entry (dist/.ssr/entry-server.js, which the web build makes and
 * e2e/journeys/first-view.spec.ts drives): it renders what the server hands it, so these tests see
 * what crosses between the two, and fails or declines on request.
 */
const FAKE_ENTRY = `
export const renderPage = async ({ url, language, session, fetchApi }) => {
  if (url.startsWith('/admin')) return null;
  if (url.startsWith('/broken')) throw new Error('render failed');
  const answer = await fetchApi('/api/whoami', { method: 'GET', headers: { authorization: 'Bearer ' + session.token } });
  return {
    html: '<main>' + url + ' in ' + language + '</main>' + '<p>A page as long as a real one.</p>'.repeat(100),
    state: JSON.stringify({ answer: JSON.parse(answer.body), claims: session.claims, text: '</script><script>alert(1)</script>' }),
    lang: language === 'en' ? 'en' : 'sq',
  };
};
`;

const APP_SCRIPT = '<script type="module" crossorigin src="/assets/index-a1.js"></script>';
const PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/shared-b2.js">';

describe('a public page rendered on the server for a session the API accepts', () => {
  let rendering: FastifyInstance;
  let renderingDist: string;

  beforeAll(async () => {
    renderingDist = mkdtempSync(path.join(tmpdir(), 'trashegimia-web-app-'));
    const shell = INDEX_HTML.replace('</head>', `${APP_SCRIPT}${PRELOAD}</head>`).replace(
      '<body>',
      '<body><div id="root"></div>',
    );
    writeFileSync(path.join(renderingDist, 'index.html'), shell);
    mkdirSync(path.join(renderingDist, '.ssr'));
    writeFileSync(path.join(renderingDist, '.ssr', 'entry-server.js'), FAKE_ENTRY);
    rendering = Fastify();
    await rendering.register(compress);
    rendering.get('/api/whoami', async (request) => ({ authorization: request.headers.authorization }));
    await registerWebApp(rendering, renderingDist, acceptToken);
    await rendering.ready();
  });

  afterAll(async () => {
    await rendering?.close();
    rmSync(renderingDist, { recursive: true, force: true });
  });

  const open = (url: string, cookie?: string) =>
    rendering.inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const stateOf = (html: string) => {
    const block = new RegExp(`<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`).exec(html);
    return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : null;
  };

  it("sends the rendered page with the data it was rendered from, asked of the API with the cookie's token", async () => {
    const response = await open('/data?sort=name', 'language=en; session=admin-token');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"><main>/data?sort=name in en</main><p>');
    expect(response.body).toContain('<html lang="en">');
    expect(stateOf(response.body)).toEqual({
      answer: { authorization: 'Bearer admin-token' },
      claims: { guest: false, userId: 7, role: 2 },
      text: '</script><script>alert(1)</script>',
    });
    // Nothing in the data closes its block: the page holds no script but the app's own.
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    // Drawn already: the app's code is asked for once the first view is painted.
    expect(response.body).not.toContain(APP_SCRIPT);
    expect(response.body).not.toContain('modulepreload');
    expect(response.body).toContain(
      '<script defer src="/start-after-paint.js" data-entry="/assets/index-a1.js"></script>',
    );
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const response = await rendering.inject({
      url: '/data/3',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip', cookie: 'session=guest-token' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends the shell to a visitor without a session cookie, or with one the API refuses', async () => {
    for (const cookie of [undefined, 'language=en', 'session=forged-token', 'session=']) {
      const response = await open('/data', cookie);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain(APP_SCRIPT);
      expect(response.body).toContain(PRELOAD);
      expect(stateOf(response.body)).toBeNull();
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the shell for a page the app does not render on the server, or cannot', async () => {
    for (const url of ['/admin/users', '/broken']) {
      const response = await open(url, 'session=guest-token');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('never serves the server entry as a file', async () => {
    const response = await rendering.inject({ url: '/.ssr/entry-server.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('renderPage');
  });
});
