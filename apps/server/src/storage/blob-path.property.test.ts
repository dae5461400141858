import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { checkBlobPath, parseRequestedBlobPath } from './blob-path';

const ROOT = path.resolve('/srv/blobs/guidelines');

/** Pieces an attacker strings together to climb out of a folder, raw and percent-encoded. */
const piece = fc.oneof(
  fc.constantFrom('.', '..', '/', '//', '\\', '%2F', '%2f', '%5C', '%2e', '%2e%2e', '%00', '%', '%E0%A4%A', '\u0000'),
  fc.constantFrom('a', 'ë', 'foto.png', '%20', '%C3%AB', '~', 'C:', '\u202E'),
  fc.string({ maxLength: 4 }),
);
const hostilePath = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

/** True when the blob path, joined to the store's folder, names something inside it. */
const staysInside = (blobPath: string) => path.resolve(ROOT, blobPath).startsWith(`${ROOT}${path.sep}`);

describe('blob paths under hostile input', () => {
  it('accept only paths that stay inside the folder they are joined to', () => {
    fc.assert(
      fc.property(hostilePath, (candidate) => {
        const checked = checkBlobPath(candidate);
        if (checked !== null) expect(staysInside(checked), JSON.stringify(candidate)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('read a request URL as a path inside the store, or refuse it with a 400, never anything else', () => {
    fc.assert(
      fc.property(hostilePath, (raw) => {
        let parsed: string;
        try {
          parsed = parseRequestedBlobPath(raw);
        } catch (error) {
          expect(error, JSON.stringify(raw)).toBeInstanceOf(AppError);
          expect((error as AppError).statusCode).toBe(400);
          return;
        }
        expect(staysInside(parsed), JSON.stringify(raw)).toBe(true);
        expect(parsed.split('/')).not.toContain('..');
      }),
      { numRuns: 2000 },
    );
  });
});
