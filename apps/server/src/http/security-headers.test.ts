import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-app';
import { PERMISSIONS_POLICY, registerSecurityHeaders } from './security-headers';

async function policyWith(blobOrigin: string | null) {
  const app = Fastify();
  registerSecurityHeaders(app, testConfig(), blobOrigin);
  app.get('/', async () => 'ok');
  const policy = (await app.inject({ url: '/' })).headers['content-security-policy'] as string;
  await app.close();
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  ) as Record<string, string[]>;
}

describe('the content security policy and the blob store', () => {
  it('lets the page show, play, frame and upload files at an Azure storage account, and nothing more', async () => {
    const account = 'https://trashegimia.blob.core.windows.net';
    const policy = await policyWith(account);
    for (const directive of ['img-src', 'media-src', 'connect-src', 'frame-src']) {
      expect(policy[directive], directive).toContain(account);
    }
    expect(policy['script-src']).toEqual(["'self'"]);
  });

  it('names no other origin for files kept by this server (the local driver)', async () => {
    const policy = await policyWith(null);
    expect(policy['media-src']).toEqual(["'self'", 'blob:']);
    expect(policy['connect-src']).toEqual(["'self'", 'blob:']);
  });
});

describe('the permissions policy', () => {
  /** The policy's directives, feature → allowlist, as a browser reads them (structured-header dictionary). */
  const directives = (header: string) =>
    Object.fromEntries(header.split(',').map((item) => item.trim().split('=') as [string, string]));

  it('lets the page use location, the camera, fullscreen, autoplay and picture-in-picture on its own origin only, and denies the rest', () => {
    const policy = directives(PERMISSIONS_POLICY);
    const allowed = Object.keys(policy).filter((feature) => policy[feature] === '(self)');
    expect(allowed.sort()).toEqual(['autoplay', 'camera', 'fullscreen', 'geolocation', 'picture-in-picture']);
    for (const feature of [
      'microphone',
      'display-capture',
      'payment',
      'usb',
      'serial',
      'gyroscope',
      'browsing-topics',
    ]) {
      expect(policy[feature], feature).toBe('()');
    }
    expect(Object.values(policy).filter((allowlist) => allowlist !== '(self)' && allowlist !== '()')).toEqual([]);
  });

  it('comes with every response: a page, an API answer, a missing route and a failure', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, testConfig(), null);
    app.get('/', async () => 'ok');
    app.get('/api/fails', async () => {
      throw new Error('boom');
    });
    const responses = await Promise.all(['/', '/api/fails', '/api/missing'].map((url) => app.inject({ url })));
    await app.close();
    expect(responses.map((response) => response.statusCode)).toEqual([200, 500, 404]);
    for (const response of responses) expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });
});
