import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { type PasswordProblem, passwordShapeProblem } from './users';

/** zxcvbn's scale: 0 too guessable … 4 very unguessable. Below this a password is refused. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The estimator looks at this many characters at most, and tries at most this many l33t
 * substitutions: its time grows steeply with both (seconds for 256 characters of repeated digits),
 * and it runs on the server's one thread. A password longer than this is judged by its start.
 */
const ESTIMATED_LENGTH = 64;
const L33T_SUBSTITUTIONS = 10;

let estimator: ZxcvbnFactory | undefined;

/**
 * The dictionaries (common passwords, English words and names, keyboard patterns) are loaded on
 * first use: several megabytes that only the calls setting a password need.
 */
const estimate = (password: string, userInputs: string[]) => {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    maxLength: ESTIMATED_LENGTH,
    l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
  });
  return estimator.check(password, userInputs);
};

/**
 * Why `password` may not be the password of `userName`, or null when it may: blank-looking,
 * the user name or containing it, or too easy to guess by zxcvbn's estimate (which also knows the
 * user name). The minimum length is the schema's (MIN_PASSWORD_LENGTH).
 */
export function passwordProblem(password: string, userName: string): PasswordProblem | null {
  const shape = passwordShapeProblem(password, userName);
  if (shape) return shape;
  const inputs = userName.trim() ? [userName.trim()] : [];
  return estimate(password, inputs).score < MIN_PASSWORD_SCORE ? 'password_too_weak' : null;
}
