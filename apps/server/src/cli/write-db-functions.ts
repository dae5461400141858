/**
 * `npm run db:functions`: writes src/db/functions.sql from a database with every migration applied,
 * in memory on PGlite, so no PostgreSQL server is needed. Run it after adding a migration.
 */
import { writeFileSync } from 'node:fs';
import { openDatabase } from '../db/client';
import { dumpFunctionDefinitions, functionsFile } from '../db/function-definitions';
import { createLogger } from '../logger';

const database = await openDatabase({ memory: true });
try {
  writeFileSync(functionsFile, await dumpFunctionDefinitions(database.db));
} finally {
  await database.close();
}
createLogger('info').info(`Wrote ${functionsFile}`);
