/**
 * The maintenance commands: `npm run <command> -- [...]`, in a release the bundled
 * `server/dist/cli.js` (build.mjs bundles it beside the server), in the repository this file
 * through tsx (run-cli.mjs).
 */
import { createLogger } from '../logger';
import { backupCommand } from './backup';
import { createAdminCommand } from './create-admin';
import { migrateCommand } from './migrate';
import { resetPasswordCommand } from './reset-password';
import { restoreCommand } from './restore';

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  backup: backupCommand,
  restore: restoreCommand,
  migrate: migrateCommand,
  'reset-password': resetPasswordCommand,
  'create-admin': createAdminCommand,
};

const [name = '', ...args] = process.argv.slice(2);
const command = COMMANDS[name];
if (command) {
  await command(args);
} else {
  const known = Object.keys(COMMANDS).join(', ');
  createLogger('info').error(name ? `No command "${name}"; the commands are ${known}` : `Name a command: ${known}`);
  process.exitCode = 1;
}
