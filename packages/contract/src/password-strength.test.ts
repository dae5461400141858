import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-strength';
import { passwordShapeProblem } from './users';

describe('a new password', () => {
  it('is refused when easy to guess, however long: digits in a row, a common word, one letter repeated', () => {
    for (const password of ['1234567890', 'password12', 'aaaaaaaaaa', 'qwertyuiop', 'P@ssw0rd123']) {
      expect(passwordProblem(password, 'drita'), password).toBe('password_too_weak');
    }
  });

  it('is refused when blank-looking: only spaces, or more spaces than anything else', () => {
    for (const password of [' '.repeat(12), '\t'.repeat(10), 'a         b', '\u200b'.repeat(11)]) {
      expect(passwordProblem(password, 'drita'), JSON.stringify(password)).toBe('password_blank');
    }
  });

  it('is refused when it is the user name or contains it, whatever the case', () => {
    expect(passwordProblem('Drita.Krasniqi', 'drita.krasniqi')).toBe('password_contains_user_name');
    expect(passwordProblem('xX-DRITA-kalaja-Xx', 'Drita')).toBe('password_contains_user_name');
    // A very short name would forbid every password holding two letters: only the name itself is.
    expect(passwordShapeProblem('ab', 'ab')).toBe('password_contains_user_name');
    expect(passwordShapeProblem('kalaja-e-prizrenit-abc', 'ab')).toBeNull();
  });

  it('is accepted when hard to guess: a passphrase, or random characters', () => {
    for (const password of [
      'Kalaja e Prizrenit',
      'kerkim-trashegimia-1',
      'correct horse battery staple',
      'Q7v#pL2m!xR9',
    ]) {
      expect(passwordProblem(password, 'drita'), password).toBeNull();
    }
  });

  it('is judged within a bounded time even when long and full of patterns', () => {
    for (const password of ['1234567890'.repeat(100), 'p@ssw0rd'.repeat(125), '19901231'.repeat(125)]) {
      const started = Date.now();
      passwordProblem(password, 'drita');
      expect(Date.now() - started, password.slice(0, 10)).toBeLessThan(2000);
    }
  });
});
