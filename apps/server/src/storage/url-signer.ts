import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/**
 * Signs the text of an expiring URL (HMAC-SHA256, base64url) and checks it, reading the time on the
 * clock: the local blob store's read and write URLs and the dataset export's download links. Each
 * use signs with its own key, derived from the server secret (`derivedKey`), so no use's signature
 * is accepted by another, and every instance sharing the secret accepts the others' URLs. The
 * caller makes its signed text unambiguous; it includes the expiry.
 */
export class UrlSigner {
  readonly #key: Buffer;

  constructor(
    key: string,
    private readonly clock: Clock,
  ) {
    this.#key = Buffer.from(key);
  }

  /** The key of one purpose (`'local-blob-read-url'`) under the server secret. */
  static derivedKey(secret: string, purpose: string): string {
    return createHmac('sha256', secret).update(purpose).digest('hex');
  }

  /** Unix seconds: the current second plus `ttlSeconds`, rounded up to a multiple of `stepSeconds`. */
  expiry(ttlSeconds: number, stepSeconds = 1): number {
    const earliest = Math.floor(this.clock.now() / 1000) + ttlSeconds;
    return Math.ceil(earliest / stepSeconds) * stepSeconds;
  }

  sign(text: string): string {
    return createHmac('sha256', this.#key).update(text).digest('base64url');
  }

  /** Whether `signature` signs `text`, and then whether `expires` (unix seconds) has passed. */
  check(text: string, signature: string, expires: number): SignatureCheck {
    const expected = Buffer.from(this.sign(text));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    // Only a genuine URL learns that it has expired.
    return expires * 1000 < this.clock.now() ? 'expired' : 'valid';
  }

  /** Seconds a URL expiring at `expires` has left; 0 when expired. */
  secondsLeft(expires: number): number {
    return Math.max(0, expires - Math.floor(this.clock.now() / 1000));
  }
}
