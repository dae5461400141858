/**
 * `npm run restore -- <folder>`: loads a backup made by `npm run backup` into the configured
 * database, which must be new and empty, and the local blob folder, which must be empty too.
 * With embedded PGlite, stop the server first: its data folder is one process's at a time.
 */
import path from 'node:path';
import { BackupError, restore } from '../backup/backup';
import { runCommand } from './run-command';

await runCommand(async ({ database, blobFolder }) => {
  const argument = process.argv[2];
  if (!argument) throw new BackupError('Name the backup folder: npm run restore -- <folder>');
  const folder = path.resolve(argument);
  const manifest = await restore(database, blobFolder, folder);
  const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  console.log(`Restored ${rows} rows and the blob folder from ${folder} (backed up ${manifest.createdAt})`);
});
