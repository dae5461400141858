import { describe, expect, it } from 'vitest';
import { CreateAccessRequestBody, suggestedUserName } from './access-requests';

describe('the user name suggested for an approved request', () => {
  it('is the address before the @, lower case, without accents or characters a user name would not hold', () => {
    expect(suggestedUserName('Drita.Krasniqi@example.org')).toBe('drita.krasniqi');
    expect(suggestedUserName(' Çelik Ëmini+heritage@example.org ')).toBe('celikeminiheritage');
    expect(suggestedUserName('@example.org')).toBe('');
  });
});

describe('a request for an account', () => {
  const request = { name: 'Drita', email: 'drita@example.org', purpose: 'Research', captcha: 'solution' };

  it('reads a blank institution as none and trims the address', () => {
    expect(CreateAccessRequestBody.parse({ ...request, email: ' drita@example.org ', institution: ' ' })).toMatchObject(
      {
        email: 'drita@example.org',
        institution: null,
      },
    );
  });

  it('refuses an email that is not an address, naming it', () => {
    const parsed = CreateAccessRequestBody.safeParse({ ...request, email: 'drita-at-example' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['email']);
  });
});
