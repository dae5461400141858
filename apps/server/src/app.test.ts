import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import type { DatabaseHandle } from './db/client';
import { openTestDatabase } from './test/test-database';
import { buildTestApp, startTestApp } from './test/test-app';

let database: DatabaseHandle;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(database);
  app.get('/api/test/language', async (request) => ({ language: request.language }));
  app.post('/api/test/echo', async (request) => request.body);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('health and config', () => {
  it('reports healthy when the database answers', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: process.env.TEST_DB_DRIVER });
  });

  it('tells the page which captcha, map tiles, licence and storage to use, the upload limits, and no secrets', async () => {
    const response = await app.inject({ url: '/api/config' });
    const MB = 1024 * 1024;
    expect(response.json()).toEqual({
      captcha: { provider: 'altcha', challengeUrl: '/api/auth/captcha' },
      map: {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: expect.stringContaining('OpenStreetMap'),
      },
      licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
      storageDriver: 'local',
      uploadLimits: {
        importMaxBytes: 30 * MB,
        guidelineMaxBytes: 50 * MB,
        mediaMaxBytes: expect.objectContaining({ PHOTO: 25 * MB, VIDEO: 2048 * MB }),
      },
    });
  });

  it('serves the API documentation', async () => {
    const page = await app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const document = (await app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/config', '/api/auth/login', '/api/auth/guest', '/api/auth/captcha']),
    );
    expect(document.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['userName', 'password', 'captcha']),
    );
  });
});

describe('requests', () => {
  it('reads the language header, falling back to Albanian', async () => {
    const language = async (header?: string) =>
      (await app.inject({ url: '/api/test/language', headers: header ? { language: header } : {} })).json().language;
    expect(await language('en')).toBe('en');
    expect(await language('sr')).toBe('sr');
    expect(await language('de')).toBe('xk');
    expect(await language()).toBe('xk');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await app.inject({ url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'route_not_found' });
  });

  it('answers a malformed address in the usual error shape', async () => {
    const response = await app.inject({ url: '/api/%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'bad_url' });
  });

  it('reads a JSON call without a body as one without a body, as the page sends DELETE', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/guest',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).not.toBe('invalid_json');
  });

  it('answers malformed JSON with a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('answers a body that is too large with a 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
  });

  it('sends a content security policy that allows the map tiles and the captcha workers, and no inline script', async () => {
    const csp = (await app.inject({ url: '/api/health' })).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
    expect(csp).toContain("worker-src 'self';");
    expect(csp).toContain("frame-src 'self' https://www.openstreetmap.org;");
    expect(csp).toContain("connect-src 'self' blob:;");
    expect(csp).not.toContain('google.com');
    expect(csp).not.toContain('gstatic.com');
  });
});

describe('with reCAPTCHA configured', () => {
  let recaptchaApp: App;
  beforeAll(async () => {
    recaptchaApp = await startTestApp(database, {
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SECRET: 'recaptcha-secret',
      RECAPTCHA_SITE_KEY: 'recaptcha-site-key',
    });
  });
  afterAll(() => recaptchaApp?.close());

  it('tells the page the site key, and not the secret', async () => {
    const response = await recaptchaApp.inject({ url: '/api/config' });
    expect(response.json().captcha).toEqual({
      provider: 'recaptcha',
      challengeUrl: '/api/auth/captcha',
      recaptchaSiteKey: 'recaptcha-site-key',
    });
    expect(response.body).not.toContain('recaptcha-secret');
  });

  it("lets the page load Google's reCAPTCHA script and frames, and nothing else of Google's", async () => {
    const csp = (await recaptchaApp.inject({ url: '/api/health' })).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;");
    expect(csp).toContain(
      "frame-src 'self' https://www.openstreetmap.org https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;",
    );
    expect(csp).toContain("connect-src 'self' blob:;");
    expect(csp).toContain("script-src-attr 'none';");
  });
});

describe('the web app', () => {
  let webApp: App;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'trashegimia-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Trashëgimia</title>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    webApp = await startTestApp(database, { WEB_DIST_DIR: dist });
  });
  afterAll(() => webApp?.close());

  it('serves index.html for a page address such as /data/3, so a reload keeps the page', async () => {
    const response = await webApp.inject({ url: '/data/3', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<title>Trashëgimia</title>');
  });

  it('serves the built files, fingerprinted ones cached for good', async () => {
    const root = await webApp.inject({ url: '/' });
    expect(root.body).toContain('Trashëgimia');
    const asset = await webApp.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's own brotli copy of a file to a browser that accepts it", async () => {
    const asset = await webApp.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log(1)');
  });

  it('still answers unknown API paths and missing files with a JSON 404', async () => {
    const api = await webApp.inject({ url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('route_not_found');
    const file = await webApp.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(file.statusCode).toBe(404);
  });
});
