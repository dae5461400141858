import type { Writable } from 'node:stream';

/**
 * Resolves once `stream` wants more data (at once when it is not full); rejects when it, or the
 * `until` stream (the response), closes or fails first, e.g. because the client went away, so a
 * writer never waits forever.
 */
export function drained(stream: Writable, until: Writable = stream): Promise<void> {
  const closedError = () => new Error('The download was closed before it finished');
  if (stream.destroyed || until.destroyed) return Promise.reject(closedError());
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const watched = [...new Set([stream, until])];
    const cleanUp = () => {
      stream.off('drain', onDrain);
      for (const emitter of watched) {
        emitter.off('close', onClose);
        emitter.off('error', onError);
      }
    };
    const onDrain = () => {
      cleanUp();
      resolve();
    };
    const onClose = () => {
      cleanUp();
      reject(closedError());
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    stream.on('drain', onDrain);
    for (const emitter of watched) {
      emitter.on('close', onClose);
      emitter.on('error', onError);
    }
  });
}
