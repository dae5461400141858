import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

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
  await registerWebApp(app, dist);
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
    await registerWebApp(bareApp, bare);
    try {
      const response = await bareApp.inject({ url: '/map', headers: { accept: 'text/html' } });
      expect(response.body).toBe(INDEX_HTML);
    } finally {
      await bareApp.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
