import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-app';
import { registerSecurityHeaders } from './security-headers';

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
