/**
 * Loads the ALTCHA widget in its CSP-friendly build: `altcha/external` carries neither inline
 * styles nor blob-URL workers. Its stylesheet is bundled with ours, and each proof-of-work worker
 * is emitted by Vite as its own file under 'self' (`?worker`), so the page needs no
 * 'unsafe-inline' / 'unsafe-eval' and workers load under `worker-src 'self'`.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Argon2idWorker from 'altcha/workers/argon2id?worker';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ScryptWorker from 'altcha/workers/scrypt?worker';
import ShaWorker from 'altcha/workers/sha?worker';

const algorithms = globalThis.$altcha.algorithms;
for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
  algorithms.set(name, () => new Pbkdf2Worker());
for (const name of ['SHA-256', 'SHA-384', 'SHA-512']) algorithms.set(name, () => new ShaWorker());
algorithms.set('ARGON2ID', () => new Argon2idWorker());
algorithms.set('SCRYPT', () => new ScryptWorker());

/** The widget's own strings, per language code it is given. */
export const setAltchaStrings = (language: string, strings: Record<string, string>) => {
  globalThis.$altcha.i18n.set(language, strings);
};
