import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { CaptchaChallenge } from '@trashegimia/contract/auth';

let nextAddress = 0;

/**
 * Each from its own address (198.18.0.0/15 is set aside for tests), so no test meets the per-address
 * limit by accident. `userName`: the challenge for that account's login, as the login page asks for it.
 */
export async function fetchChallenge(app: FastifyInstance, userName?: string) {
  nextAddress += 1;
  const remoteAddress = `198.18.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/captcha',
    query: userName === undefined ? {} : { userName },
    remoteAddress,
  });
  return CaptchaChallenge.parse(response.json());
}

/**
 * Solves a challenge with altcha-lib's own solver and packs it exactly as the `altcha` widget v3
 * does before posting: `btoa(JSON.stringify({ challenge: { parameters, signature }, solution }))`.
 */
export async function solveCaptcha(challenge: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the test captcha could not be solved');
  return btoa(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  );
}

/** A fresh, correctly solved captcha from the app, ready for a login (of `userName`) or guest body. */
export async function captchaFor(app: FastifyInstance, userName?: string) {
  return solveCaptcha(await fetchChallenge(app, userName));
}
