import { argumentsOf, runCommand } from './run-command';

/**
 * `npm run migrate`: applies the migrations the configured database has not seen, and exits.
 * Opening the database is what applies them and says which (db/client.ts), as at every start; this
 * does it without starting the server, e.g. before a new release's instances start together.
 */
export const migrateCommand = (args: string[]) =>
  runCommand(
    () => argumentsOf(args, 'npm run migrate', 0, 0),
    async ({ report }) => report.info('The database schema is up to date.'),
  );
