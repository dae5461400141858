/**
 * How long an upload grant lives: long enough to send a file of its size over a slow connection,
 * and no longer. A grant is a bearer permission (anyone holding the URL may use it), so its life is
 * kept to what its upload needs: a photo's grant lasts minutes, a large video's a few hours.
 *
 * - GRANT_BASE_SECONDS covers everything but the bytes: the page asks for the grant, may ask for
 *   the rest of a batch's grants first (the back office asks for all of them before sending the
 *   first file), then opens the connection.
 * - SLOW_LINK_BYTES_PER_SECOND is a conservative upload speed: 512 kbit/s, what a phone on a weak
 *   mobile signal in the countryside keeps up (field collectors upload from villages). Faster
 *   links finish well inside the grant.
 * - GRANT_MAX_SECONDS caps the largest files (a 2 GiB video at that speed would need nine hours):
 *   at the cap, 2 GiB needs about 0.8 Mbit/s. It stays far below the day after which uploads never
 *   registered are removed (storage/unregistered-uploads.ts).
 */
export const GRANT_BASE_SECONDS = 15 * 60;
export const SLOW_LINK_BYTES_PER_SECOND = 64 * 1024;
export const GRANT_MAX_SECONDS = 6 * 60 * 60;

/**
 * Seconds an upload grant for a file of `bytes` lives: the base plus the time to send that many
 * bytes at the slow link's speed, at most the cap. Callers pass the announced size when the page
 * sent one, or else the most the grant accepts.
 */
export function uploadGrantSeconds(bytes: number): number {
  const sending = Math.ceil(Math.max(0, bytes) / SLOW_LINK_BYTES_PER_SECOND);
  return Math.min(GRANT_BASE_SECONDS + sending, GRANT_MAX_SECONDS);
}
