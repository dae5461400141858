import path from 'node:path';
import { restore } from '../backup/backup';
import { argumentsOf, localBlobFolder, runCommand } from './run-command';

/**
 * `npm run restore -- <folder>`: loads a backup made by `npm run backup` into the configured
 * database, which must be new and empty, and the local blob folder, which must be empty too.
 * With embedded PGlite, stop the server first: its data folder is one process's at a time.
 */
export const restoreCommand = (args: string[]) =>
  runCommand(
    () => path.resolve(argumentsOf(args, 'npm run restore -- <backup folder>', 1, 1)[0]!),
    async ({ config, database, report }, folder) => {
      const manifest = await restore(database, localBlobFolder(config), folder);
      const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
      report.info(
        { folder, rows },
        `Restored ${rows} rows and the blob folder from ${folder} (backed up ${manifest.createdAt})`,
      );
    },
  );
