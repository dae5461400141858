import { describe, expect, it } from 'vitest';
import type { Executor } from '../../../db/client';
import { AltchaCaptcha } from './altcha';
import { createCaptcha } from './create-captcha';
import { RecaptchaCaptcha } from './recaptcha';

// Neither provider touches the database while being chosen.
const noDatabase = {} as Executor;
const client = { address: '198.51.100.1' };

describe('captcha provider', () => {
  it('is ALTCHA by default, which issues its own challenges', () => {
    const captcha = createCaptcha({ provider: 'altcha', cost: 1, ttlSeconds: 60 }, noDatabase, 'x'.repeat(32));
    expect(captcha).toBeInstanceOf(AltchaCaptcha);
    expect(captcha.issueChallenge).toBeTypeOf('function');
  });

  it('is reCAPTCHA when configured, whose challenges come from Google', () => {
    const captcha = createCaptcha({ provider: 'recaptcha', secret: 's', siteKey: 'k' }, noDatabase, 'x'.repeat(32));
    expect(captcha).toBeInstanceOf(RecaptchaCaptcha);
    expect(captcha.issueChallenge).toBeNull();
  });
});

describe('reCAPTCHA verification', () => {
  const answering = (body: unknown, calls: RequestInit[] = []) =>
    (async (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(init!);
      return Response.json(body);
    }) as typeof fetch;

  it('accepts what Google accepts, sending our secret and the client address', async () => {
    const calls: RequestInit[] = [];
    await new RecaptchaCaptcha('our-secret', answering({ success: true }, calls)).verify('token', client);
    const sent = new URLSearchParams(calls[0]!.body as URLSearchParams);
    expect(Object.fromEntries(sent)).toEqual({ secret: 'our-secret', response: 'token', remoteip: client.address });
  });

  it('refuses what Google refuses, telling an expired or reused token apart', async () => {
    await expect(
      new RecaptchaCaptcha('s', answering({ success: false, 'error-codes': ['invalid-input-response'] })).verify(
        't',
        client,
      ),
    ).rejects.toMatchObject({ statusCode: 400, field: 'captcha', code: 'captcha_invalid' });
    await expect(
      new RecaptchaCaptcha('s', answering({ success: false, 'error-codes': ['timeout-or-duplicate'] })).verify(
        't',
        client,
      ),
    ).rejects.toMatchObject({ code: 'captcha_expired' });
  });

  it('reports an unreachable Google as a temporary failure, not as a wrong captcha', async () => {
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(new RecaptchaCaptcha('s', offline).verify('t', client)).rejects.toMatchObject({
      statusCode: 503,
      code: 'captcha_unavailable',
    });
  });
});
