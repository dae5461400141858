import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { CaptchaChallenge } from '@trashegimia/contract/auth';
import { type Clock, systemClock } from '../../../clock';
import type { Executor } from '../../../db/client';
import { deleteExpiredCaptchas, markCaptchaUsed } from '../auth.repo';
import { type Captcha, captchaExpired, captchaInvalid, captchaReplayed } from './captcha';

/** PBKDF2/SHA-256 is built into the widget (no extra worker to load) and runs on WebCrypto everywhere. */
const ALGORITHM = 'PBKDF2/SHA-256';
/**
 * The solver must reach a secret counter drawn from this range, each attempt costing `cost`
 * PBKDF2 iterations, so the work is bounded and even (about 500 attempts shared by the widget's
 * workers), unlike a pure prefix search whose time varies widely.
 */
const COUNTER_RANGE = { min: 250, max: 750 } as const;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * What the `altcha` widget posts: base64 of JSON `{ challenge: { parameters, signature }, solution }`.
 * Parameters stay loose so that every signed field reaches the signature check untouched.
 */
const AltchaPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({ ...CaptchaChallenge.shape.parameters.shape, expiresAt: z.number().int() }),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number().int(), derivedKey: z.string() }),
});

export class AltchaCaptcha implements Captcha {
  #lastPrune = 0;

  constructor(
    private readonly db: Executor,
    private readonly settings: { cost: number; ttlSeconds: number },
    private readonly secrets: { signature: string; keySignature: string },
    private readonly clock: Clock = systemClock,
  ) {}

  /** Each level doubles the PBKDF2 iterations of every attempt, and so the work of a solution. */
  readonly issueChallenge = async (level: number): Promise<CaptchaChallenge> => {
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      deriveKey,
      cost: this.settings.cost * 2 ** level,
      counter: randomInt(COUNTER_RANGE.max, COUNTER_RANGE.min),
      expiresAt: Math.floor(this.clock.now() / 1000) + this.settings.ttlSeconds,
      hmacSignatureSecret: this.secrets.signature,
      hmacKeySignatureSecret: this.secrets.keySignature,
    });
    return CaptchaChallenge.parse(challenge);
  };

  async verify(solution: string): Promise<{ level: number }> {
    const payload = decode(solution);
    if (!payload) throw captchaInvalid();
    // On this server's clock: altcha-lib checks expiry again, but only on the system's.
    if (payload.challenge.parameters.expiresAt < this.clock.now() / 1000) throw captchaExpired();

    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.secrets.signature,
      hmacKeySignatureSecret: this.secrets.keySignature,
    });
    if (result.expired) throw captchaExpired();
    if (!result.verified) throw captchaInvalid();

    // Each challenge is accepted once, on whichever instance sees it first.
    const expiresAt = new Date(payload.challenge.parameters.expiresAt * 1000);
    if (!(await markCaptchaUsed(this.db, payload.challenge.signature, expiresAt))) throw captchaReplayed();
    await this.#pruneExpired();
    // The cost is signed with the challenge, so the level read back is the one we issued.
    return { level: Math.max(0, Math.floor(Math.log2(payload.challenge.parameters.cost / this.settings.cost))) };
  }

  /** Used signatures are only needed until their challenge expires. */
  async #pruneExpired() {
    const now = this.clock.now();
    if (now - this.#lastPrune < PRUNE_EVERY_MS) return;
    this.#lastPrune = now;
    await deleteExpiredCaptchas(this.db, new Date(now));
  }
}

function decode(solution: string) {
  try {
    const parsed = AltchaPayload.safeParse(JSON.parse(Buffer.from(solution, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
