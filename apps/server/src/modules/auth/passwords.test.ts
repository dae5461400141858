import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('are stored as argon2id with at least 19 MiB, two passes and one lane', async () => {
    const stored = await hashPassword('Kalaja e Prizrenit');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Kalaja e Prizrenit')).toBe(true);
    expect(await verifyPassword(stored, 'kalaja e prizrenit')).toBe(false);
  });

  it('do not match a damaged hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
