/**
 * `npm run backup -- [folder]`: writes a backup of the configured database and local blob folder
 * (same environment variables as the server) into a new folder, by default backup-<date and time>.
 * With embedded PGlite, stop the server first: its data folder is one process's at a time.
 */
import path from 'node:path';
import { backUp } from '../backup/backup';
import { runCommand } from './run-command';

await runCommand(async ({ database, blobFolder }) => {
  const folder = path.resolve(process.argv[2] ?? `backup-${new Date().toISOString().replaceAll(':', '-')}`);
  const manifest = await backUp(database, blobFolder, folder);
  const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  console.log(
    `Backed up ${rows} rows of ${Object.keys(manifest.rows).length} tables and the blob folder into ${folder}`,
  );
});
