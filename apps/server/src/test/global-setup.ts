import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { createScratchDatabase } from '../db/scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** pglite: a dump of a migrated database, loaded by each test file. */
    pgliteTemplateFile: string;
    /** pg: a migrated database on the TEST_DATABASE_URL server, copied by each test file. */
    pgTemplateDatabase: string;
  }
}

/** Migrates one template database per run, so each test file starts from a copy instead of migrating. */
export default async function setup(project: TestProject) {
  return project.config.env.TEST_DB_DRIVER === 'pg' ? setUpPostgres(project) : setUpPglite(project);
}

async function setUpPglite(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'trashegimia-test-'));
  const file = path.join(folder, 'template.tar');
  const template = await openDatabase({ memory: true });
  if (template.driver !== 'pglite') throw new Error('an in-memory database is PGlite');
  // The dump is what each test file loads.
  writeFileSync(file, Buffer.from(await (await template.pglite.dumpDataDir('none')).arrayBuffer()));
  await template.close();
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

async function setUpPostgres(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_DRIVER=pg needs TEST_DATABASE_URL');
  const template = await createScratchDatabase(serverUrl, { prefix: 'test_template' });
  const migrated = await openDatabase({ url: template.url });
  // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
  await migrated.close();
  project.provide('pgTemplateDatabase', template.name);
  return template.drop;
}
