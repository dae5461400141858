import { badRequest } from '../errors';

const MAX_PATH_LENGTH = 1024;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * A blob path is relative and slash-separated, with no empty, `.` or `..` segment, no backslash and
 * no control character, so it can never name anything outside the store's root or prefix.
 * Returns the path unchanged, or null when it is not one.
 */
export function checkBlobPath(path: string): string | null {
  if (path.length === 0 || path.length > MAX_PATH_LENGTH) return null;
  if (path.includes('\\') || CONTROL_CHARACTERS.test(path)) return null;
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  return path;
}

/** For paths that come from our own rows: a bad one is a bug or tampering, never served. */
export function assertBlobPath(path: string): string {
  const checked = checkBlobPath(path);
  if (checked === null) throw new Error(`not a valid blob path: ${JSON.stringify(path)}`);
  return checked;
}

/**
 * The blob path of a request URL's raw (still percent-encoded) remainder after the route's prefix.
 * Encoded slashes, backslashes and NULs are refused before decoding, so `a%2F..%2Fb` cannot turn
 * into a traversal after the checks; then every segment is decoded and checked. 400 naming `path`.
 */
export function parseRequestedBlobPath(rawRemainder: string): string {
  const refuse = () => badRequest('path', 'path: not a valid file path', 'invalid_path');
  if (/%(2f|5c|00)/i.test(rawRemainder)) throw refuse();
  let decoded: string;
  try {
    decoded = rawRemainder
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    throw refuse();
  }
  const checked = checkBlobPath(decoded);
  if (checked === null) throw refuse();
  return checked;
}

/** The URL path of a blob path: each segment encoded, the slashes kept. */
export const encodeBlobPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The lower-case extension of a file name or of a bare extension (`.PDF` → `pdf`); '' when none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot === -1 ? name : name.slice(dot + 1)).trim().toLowerCase();
}
