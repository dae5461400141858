import path from 'node:path';
import { BackupError } from '../backup/backup';
import { ConfigError, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';

/**
 * Runs a maintenance command on the database and blob folder the server is configured with. Paths
 * are relative to where npm was run (INIT_CWD), as for `npm start`, not to this package's folder.
 */
export async function runCommand(work: (target: { database: DatabaseHandle; blobFolder: string }) => Promise<void>) {
  try {
    process.chdir(process.env.INIT_CWD ?? process.cwd());
    const config = loadConfig();
    if (config.storage.driver !== 'local') {
      throw new ConfigError(
        'STORAGE_DRIVER: backup and restore copy the local blob folder only; back up the Azure container with Azure tools.',
      );
    }
    const database = await openDatabase(config.database);
    try {
      await work({ database, blobFolder: path.join(config.dataDir, 'blobs') });
    } finally {
      await database.close();
    }
  } catch (error) {
    // The operator's to fix: say what, without a stack trace.
    console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
    process.exitCode = 1;
  }
}
