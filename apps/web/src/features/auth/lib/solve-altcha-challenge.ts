/**
 * Solves an ALTCHA proof of work without the widget, in the widget's own PBKDF2 worker (a file of
 * ours under 'self', as the Content-Security-Policy requires), and returns the payload the widget
 * would submit. Loaded only when a page needs it.
 */
import type { CaptchaChallenge } from '@trashegimia/contract/auth';
import { solveChallengeWorkers } from 'altcha/lib';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

/** The server issues PBKDF2 challenges only (apps/server/src/modules/auth/captcha/altcha.ts). */
const createWorker = (algorithm: string) => {
  if (!algorithm.startsWith('PBKDF2/')) throw new Error(`Unsupported captcha algorithm ${algorithm}`);
  return new Pbkdf2Worker();
};

export async function solveAltchaChallenge(challenge: CaptchaChallenge): Promise<string> {
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: navigator.hardwareConcurrency || 2,
    createWorker,
  });
  if (!solution) throw new Error('The captcha could not be solved in time');
  // The widget's own payload: base64 of { challenge, solution }.
  return btoa(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  );
}
