/** The part of fs-native-extensions (which ships no types) that data-dir-lock.ts uses. */
declare module 'fs-native-extensions' {
  /**
   * Takes an advisory lock on the open file without waiting (exclusive unless `shared`): an open
   * file description lock on Linux, flock on macOS, LockFileEx on Windows. Answers false when
   * another open file holds a conflicting lock; throws on any other failure.
   */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
