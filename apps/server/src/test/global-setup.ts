import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

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
  // drizzle keeps the PGlite it wraps as $client; the dump is what each test file loads.
  const client = (template.db as unknown as { $client: PGlite }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await template.close();
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

async function setUpPostgres(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_DRIVER=pg needs TEST_DATABASE_URL');
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const template = await openDatabase({ url: databaseUrl(serverUrl, name) });
  // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
  await template.close();
  project.provide('pgTemplateDatabase', name);
  return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}

export function databaseUrl(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
