import { describe, expect, it } from 'vitest';
import { ManualClock } from '../test/manual-clock';
import { UrlSigner } from './url-signer';

describe('UrlSigner', () => {
  const now = Date.UTC(2024, 0, 1, 12, 0, 0, 400);

  it('accepts its own signature until the expiry, and nothing altered', () => {
    const clock = new ManualClock(now);
    const signer = new UrlSigner('key', clock);
    const expires = signer.expiry(60);
    expect(expires).toBe(Math.floor(now / 1000) + 60);
    const signature = signer.sign(`${expires}\npayload`);
    expect(signer.check(`${expires}\npayload`, signature, expires)).toBe('valid');
    expect(signer.check(`${expires}\npayloae`, signature, expires)).toBe('invalid');
    expect(signer.check(`${expires}\npayload`, `${signature}A`, expires)).toBe('invalid');
    expect(new UrlSigner('other key', clock).check(`${expires}\npayload`, signature, expires)).toBe('invalid');
    expect(signer.secondsLeft(expires)).toBe(60);

    clock.advance(61_000);
    expect(signer.check(`${expires}\npayload`, signature, expires)).toBe('expired');
    expect(signer.secondsLeft(expires)).toBe(0);
  });

  it('rounds an expiry up to its step, so that URLs repeat within it', () => {
    const signer = new UrlSigner('key', new ManualClock(now));
    expect(signer.expiry(600, 300) % 300).toBe(0);
    expect(signer.expiry(600, 300) - Math.floor(now / 1000)).toBeGreaterThanOrEqual(600);
  });

  it('derives a different key for each purpose under one secret', () => {
    const secret = 'a-secret-that-is-at-least-32-characters';
    expect(UrlSigner.derivedKey(secret, 'local-blob-read-url')).toBe(
      UrlSigner.derivedKey(secret, 'local-blob-read-url'),
    );
    expect(UrlSigner.derivedKey(secret, 'local-blob-read-url')).not.toBe(
      UrlSigner.derivedKey(secret, 'dataset-export-link'),
    );
  });
});
