import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { tryLock } from 'fs-native-extensions';
import { ConfigError } from '../config';

/** The lock's file, in the embedded database's folder. */
export const LOCK_FILE = 'trashegimia.lock';

/** How often a lock is taken again after its file was replaced under it (a server closing at that very moment). */
const RELOCK_ATTEMPTS = 10;

/**
 * PGlite's files are one process's alone: a second server on the same folder would corrupt them.
 * The lock is one the operating system keeps on an open file in the folder (an open file
 * description lock on Linux, flock on macOS, LockFileEx on Windows) and drops when the file is
 * closed, which it is when the process ends, however it ends: after `kill -9` the next start
 * succeeds at once, before the dead process is even reaped, and no unrelated process that later
 * gets the same PID can keep the folder locked. The PID written into the file only names the
 * holder in the message. Returns what releases the lock. See docs/decisions/0003-data-dir-lock.md.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, LOCK_FILE);
  const fd = lockedFile(lockFile, dataDir);
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Removed while still locked: a server starting now finds it locked, or finds it gone and
    // makes a new one (lockedFile checks that the file it locked is still the folder's).
    rmSync(lockFile, { force: true });
    // Closing the file releases its lock.
    closeSync(fd);
  };
}

/** The lock file, open and locked by this process; a clear ConfigError when another one holds it. */
function lockedFile(lockFile: string, dataDir: string): number {
  for (let attempt = 1; ; attempt++) {
    const fd = openSync(lockFile, constants.O_RDWR | constants.O_CREAT, 0o600);
    let locked: boolean;
    try {
      locked = tryLock(fd);
    } catch (error) {
      closeSync(fd);
      throw new ConfigError(
        `DATA_DIR: the database folder ${dataDir} cannot be locked (${(error as Error).message}); ` +
          'keep it on a local file system.',
      );
    }
    if (!locked) {
      const holder = holderOf(fd);
      closeSync(fd);
      throw new ConfigError(
        `DATA_DIR: the database folder ${dataDir} is in use by another server` +
          `${holder ? ` (process ${holder})` : ''}. Stop that server first, or give this one a DATA_DIR of its own.`,
      );
    }
    // The server that held it may have removed the file between our open and our lock: then the
    // lock is on a file nobody else will open, and the folder's file is the one to lock.
    if (isSameFile(fd, lockFile)) return fd;
    closeSync(fd);
    if (attempt === RELOCK_ATTEMPTS) {
      throw new ConfigError(`DATA_DIR: the lock file ${lockFile} keeps being replaced; is another server starting?`);
    }
  }
}

function isSameFile(fd: number, file: string): boolean {
  try {
    const [open, named] = [fstatSync(fd), statSync(file)];
    return open.ino === named.ino && open.dev === named.dev;
  } catch {
    return false;
  }
}

/** The PID the holder wrote, if it can be read (Windows' locks also keep others from reading). */
function holderOf(fd: number): string | null {
  try {
    const text = readFileSync(fd, 'utf8').trim();
    return /^\d{1,10}$/.test(text) ? text : null;
  } catch {
    return null;
  }
}
