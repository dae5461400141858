import path from 'node:path';
import { backUp } from '../backup/backup';
import { argumentsOf, localBlobFolder, runCommand } from './run-command';

/**
 * `npm run backup -- [folder]`: writes a backup of the configured database and local blob folder
 * into a new folder, by default backup-<date and time>. With embedded PGlite, stop the server
 * first: its data folder is one process's at a time.
 */
export const backupCommand = (args: string[]) =>
  runCommand(
    () => argumentsOf(args, 'npm run backup -- [folder]', 0, 1)[0],
    async ({ config, database, report }, folderArgument) => {
      const blobFolder = localBlobFolder(config);
      const folder = path.resolve(folderArgument ?? `backup-${new Date().toISOString().replaceAll(':', '-')}`);
      const manifest = await backUp(database, blobFolder, folder);
      const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
      report.info(
        { folder, rows },
        `Backed up ${rows} rows of ${Object.keys(manifest.rows).length} tables and the blob folder into ${folder}`,
      );
    },
  );
