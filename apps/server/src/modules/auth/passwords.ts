import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum: 19 MiB, two passes, one lane. `algorithm` is left at the
 * library's default, Argon2id, because its `Algorithm` is a const enum that isolated modules
 * cannot read; passwords.test.ts checks the encoded hash says argon2id.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/** False, never an exception, for a hash that cannot be read: a damaged row must not reveal itself. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

// No look-alike characters (0/O, 1/l/I), so a printed password can be typed from a screen.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 24 characters from a 57-letter alphabet: about 140 bits, from the system's CSPRNG. */
export function generatePassword(): string {
  return Array.from({ length: 24 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
