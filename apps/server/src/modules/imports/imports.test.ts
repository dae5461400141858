import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_CONTENT_TYPES } from '@trashegimia/contract/imports';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { answers, assets, auditLog, questions } from '../../db/schema/index';
import { createDataset, createOption, createQuestion, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';

let database: DatabaseHandle;
let app: App;
let admin: Record<string, string>;
let datasetId: number;
let surveyId: number;
let q: Record<'name' | 'municipality' | 'kind' | 'material', { id: number }>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database, { IMPORT_MAX_MB: '2' });
  admin = await asAdmin(database.db);
  const db = database.db;
  datasetId = (await createDataset(db)).id;
  surveyId = (await createSurvey(db, { defaultDatasetId: datasetId })).id;
  const question = (questionNr: string, fields: Parameters<typeof createQuestion>[2]) =>
    createQuestion(db, surveyId, { questionNr, questionOrder: Number(questionNr), ...fields });
  q = {
    name: await question('1', { questionType: 'TEXT', questionIdentifier: 'ASSET_NAME', titleXk: 'Emri i asetit' }),
    municipality: await question('2', {
      questionType: 'TEXT',
      questionIdentifier: 'MUNICIPALITY_NAME',
      titleEn: 'Municipality',
    }),
    kind: await question('3', { questionType: 'SINGLE_CHOICE', titleSr: 'Tip objekta' }),
    material: await question('4', { questionType: 'MULTIPLE_CHOICE', titleXk: 'Materiali' }),
  };
  await createOption(db, q.kind.id, { value: 'Kullë' });
  await createOption(db, q.kind.id, { value: 'Xhami' });
  await createOption(db, q.material.id, { value: 'Gur' });
  await createOption(db, q.material.id, { value: 'Dru' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const HEADER = '\uFEFFEmri i asetit;Municipality;Tip objekta;Materiali;Latitude;Longitude;Data;Shënime';

const send = (body: string | Buffer, fileName = 'regjistri.csv', contentType: string = IMPORT_CONTENT_TYPES.csv) =>
  app.inject({
    method: 'POST',
    url: `/api/imports?surveyId=${surveyId}&datasetId=${datasetId}&fileName=${encodeURIComponent(fileName)}`,
    headers: { ...admin, 'content-type': contentType },
    payload: body,
  });

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: admin, ...(payload !== undefined && { payload: payload as object }) });

async function importedWhole(id: string, mapping: unknown) {
  const started = await call('POST', `/api/imports/${id}/run`, { mapping });
  expect(started.statusCode, started.body).toBe(202);
  // The run goes on in the background; the import shows when it has ended, as the page sees it.
  return vi.waitFor(
    async () => {
      const current = (await call('GET', `/api/imports/${id}`)).json();
      expect(current.state, 'the import is still running').not.toBe('running');
      return current;
    },
    { timeout: 60_000, interval: 10 },
  );
}

const assetsInDataset = async () =>
  (await database.db.select({ value: count() }).from(assets).where(eq(assets.datasetId, datasetId)))[0]!.value;

describe('bulk import of a spreadsheet', () => {
  it('reads a semicolon CSV and maps headers that are question titles in any language, and the place and date', async () => {
    const response = await send(
      `${HEADER}\r\n"Kulla e Mazrekut";Prizren;Kullë;Gur, Dru;42,21;20,74;31.05.2024;"Shënim; me ""thonjëza"""\r\n`,
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ rowCount: 1, state: 'ready', fileName: 'regjistri.csv' });
    expect(created.headers[0]).toBe('Emri i asetit');
    expect(created.sampleRows[0][7]).toBe('Shënim; me "thonjëza"');
    expect(created.suggestedMapping).toEqual({
      0: { questionId: q.name.id },
      1: { questionId: q.municipality.id },
      2: { questionId: q.kind.id },
      3: { questionId: q.material.id },
      4: { field: 'latitude' },
      5: { field: 'longitude' },
      6: { field: 'date' },
    });
  });

  it('imports every row as an UPLOADED asset with its answers, place and date, audited with the file name', async () => {
    const created = (
      await send(
        `${HEADER}\nKulla e Mazrekut;Prizren;Kullë;Gur, Dru;42,21;20,74;31.05.2024;\nXhamia e Sinanit;Prizren;Xhami;Gur;;;;\n`,
        'Regjistri 2019.csv',
      )
    ).json();
    const before = await assetsInDataset();
    const done = await importedWhole(created.id, created.suggestedMapping);
    expect(done).toMatchObject({ state: 'imported', importedAssets: 2, processedRows: 2 });
    expect(await assetsInDataset()).toBe(before + 2);

    const [tower] = await database.db
      .select()
      .from(assets)
      .where(and(eq(assets.datasetId, datasetId), eq(assets.name, 'Kulla e Mazrekut')));
    expect(tower).toMatchObject({ status: 'UPLOADED', municipality: 'Prizren', latitude: 42.21, longitude: 20.74 });
    expect(tower!.date.toISOString()).toBe('2024-05-31T00:00:00.000Z');
    const stored = await database.db.select().from(answers).where(eq(answers.assetId, tower!.id));
    expect(stored.map((answer) => answer.value).sort()).toEqual(['Dru', 'Gur', 'Kulla e Mazrekut', 'Kullë', 'Prizren']);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, tower!.id));
    expect(entry).toMatchObject({
      action: 'asset.import',
      after: expect.objectContaining({ fileName: 'Regjistri 2019.csv' }),
    });

    const again = await call('POST', `/api/imports/${created.id}/run`, { mapping: created.suggestedMapping });
    expect(again.statusCode).toBe(409);
  });

  it("previews every row's problems, numbered as the spreadsheet numbers them, and then imports nothing", async () => {
    const created = (
      await send(
        [
          HEADER,
          'Kulla e mirë;Prizren;Kullë;Gur;42.2;20.7;2024-01-02;',
          'Kështjella;Prizren;Kështjellë;Gur, Qelq;42.2;20.7;;',
          ';Pejë;Kullë;;95;20.7;;',
          'Ura;Vushtrri;;;42.8;;32.13.2020;',
        ].join('\n'),
      )
    ).json();
    const preview = await call('POST', `/api/imports/${created.id}/preview`, { mapping: created.suggestedMapping });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ rowCount: 4, validRows: 1, mappingProblems: [] });
    const problems = preview
      .json()
      .problems.map((p: { row: number; code: string; column: string | null }) => [p.row, p.code, p.column]);
    expect(problems).toEqual(
      expect.arrayContaining([
        [3, 'unknown_option', 'Tip objekta'],
        [3, 'unknown_option', 'Materiali'],
        [4, 'missing_name', 'Emri i asetit'],
        [4, 'bad_coordinates', 'Latitude'],
        [5, 'bad_coordinates', 'Latitude'],
        [5, 'bad_date', 'Data'],
      ]),
    );
    expect(problems.some(([row]: [number]) => row === 2)).toBe(false);

    const before = await assetsInDataset();
    const refused = await call('POST', `/api/imports/${created.id}/run`, { mapping: created.suggestedMapping });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Nothing was imported\. Row 3: /);
    expect(await assetsInDataset()).toBe(before);
    expect((await call('GET', `/api/imports/${created.id}`)).json().state).toBe('ready');
  });

  it('numbers problems as the file does when blank rows come before them', async () => {
    const created = (
      await send(
        [HEADER, 'Kulla e mirë;Prizren;Kullë;Gur;42.2;20.7;;', ';;;;;;;', '', 'Ura;Vushtrri;Urë;;;;;'].join('\n'),
      )
    ).json();
    const preview = await call('POST', `/api/imports/${created.id}/preview`, { mapping: created.suggestedMapping });
    expect(preview.json()).toMatchObject({ rowCount: 2, validRows: 1 });
    expect(preview.json().problems.map((p: { row: number; code: string }) => [p.row, p.code])).toEqual([
      [5, 'unknown_option'],
    ]);
  });

  it('says when no column gives the name, and refuses a mapping to another survey’s question or a missing column', async () => {
    const created = (await send(`${HEADER}\nKulla;Prizren;Kullë;Gur;;;;\n`)).json();
    const withoutName = await call('POST', `/api/imports/${created.id}/preview`, {
      mapping: { 1: { questionId: q.municipality.id } },
    });
    expect(withoutName.json().mappingProblems).toEqual([expect.stringMatching(/name \(question 1\)/)]);

    const other = await createQuestion(database.db, (await createSurvey(database.db)).id, { questionType: 'TEXT' });
    const foreign = await call('POST', `/api/imports/${created.id}/preview`, {
      mapping: { 0: { questionId: other.id } },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field).toBe('mapping.0');
    const missing = await call('POST', `/api/imports/${created.id}/preview`, { mapping: { 42: { field: 'date' } } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('mapping.42');
  });

  it('holds rows to required, NUMBER and DATE questions, and stores a day written as in Kosovo as that day', async () => {
    const db = database.db;
    const typedSurvey = await createSurvey(db, { defaultDatasetId: datasetId });
    const question = (questionNr: string, fields: Parameters<typeof createQuestion>[2]) =>
      createQuestion(db, typedSurvey.id, { questionNr, questionOrder: Number(questionNr), ...fields });
    await question('1', { questionType: 'TEXT', questionIdentifier: 'ASSET_NAME', titleXk: 'Emri' });
    const year = await question('2', { questionType: 'NUMBER', required: true, limMin: '1000', titleXk: 'Viti' });
    const visited = await question('3', { questionType: 'DATE', titleXk: 'Vizita' });
    await question('4', { questionType: 'TEXT', required: true, titleXk: 'Gjendja' });
    const created = (
      await app.inject({
        method: 'POST',
        url: `/api/imports?surveyId=${typedSurvey.id}&datasetId=${datasetId}&fileName=viti.csv`,
        headers: { ...admin, 'content-type': IMPORT_CONTENT_TYPES.csv },
        payload: ['Emri;Viti;Vizita', 'Kulla;1750;31.05.2024', 'Hani;;', 'Ura;900;', 'Mulliri;1800;30.02.2024'].join(
          '\n',
        ),
      })
    ).json();
    const preview = (
      await call('POST', `/api/imports/${created.id}/preview`, { mapping: created.suggestedMapping })
    ).json();
    expect(preview.mappingProblems).toEqual(['No column answers required question 4']);
    expect(preview.problems.map((p: { row: number; code: string }) => [p.row, p.code])).toEqual([
      [3, 'missing_required'],
      [4, 'invalid_answer'],
      [5, 'invalid_answer'],
    ]);
    expect(preview.problems[0].message).toBe('Question 2 must be answered');
    expect(preview.problems[1].message).toBe('Question 2 takes a number from 1000 to …');
    expect(preview.problems[2].message).toMatch(/^Question 3 takes a date/);

    const refused = await call('POST', `/api/imports/${created.id}/run`, { mapping: created.suggestedMapping });
    expect(refused.statusCode).toBe(400);

    await db.update(questions).set({ required: false }).where(eq(questions.titleXk, 'Gjendja'));
    const good = (
      await app.inject({
        method: 'POST',
        url: `/api/imports?surveyId=${typedSurvey.id}&datasetId=${datasetId}&fileName=viti.csv`,
        headers: { ...admin, 'content-type': IMPORT_CONTENT_TYPES.csv },
        payload: ['Emri;Viti;Vizita', 'Kulla;1750;31.05.2024'].join('\n'),
      })
    ).json();
    expect((await importedWhole(good.id, good.suggestedMapping)).state).toBe('imported');
    const stored = await db
      .select({ questionId: answers.questionId, value: answers.value })
      .from(answers)
      .innerJoin(assets, eq(assets.id, answers.assetId))
      .where(eq(assets.surveyId, typedSurvey.id));
    expect(stored).toEqual(
      expect.arrayContaining([
        { questionId: year.id, value: '1750' },
        { questionId: visited.id, value: '2024-05-31' },
      ]),
    );
  });

  it('reads the first sheet of an XLSX workbook, its dates and numbers included', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Regjistri');
    sheet.addRow(['Emri i asetit', 'Tip objekta', 'Latitude', 'Longitude', 'Data']);
    sheet.addRow(['Hamami i Gjakovës', 'Xhami', 42.38, 20.43, new Date(Date.UTC(2023, 8, 1))]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const created = (await send(file, 'regjistri.xlsx', IMPORT_CONTENT_TYPES.xlsx)).json();
    expect(created.sampleRows).toEqual([['Hamami i Gjakovës', 'Xhami', '42.38', '20.43', '2023-09-01T00:00:00.000Z']]);
    const done = await importedWhole(created.id, created.suggestedMapping);
    expect(done.state).toBe('imported');
  });

  it('imports a 10,000-row file whole', { timeout: 120_000 }, async () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, index) => `Aseti ${index};Prizren;${index % 2 ? 'Kullë' : 'Xhami'};Gur;42.2;20.7;;`,
    );
    const created = (await send([HEADER, ...rows].join('\n'))).json();
    expect(created.rowCount).toBe(10_000);
    const before = await assetsInDataset();
    const done = await importedWhole(created.id, created.suggestedMapping);
    expect(done).toMatchObject({ state: 'imported', importedAssets: 10_000 });
    expect(await assetsInDataset()).toBe(before + 10_000);
  });

  it('refuses a file that is not a spreadsheet, too large (413), or unreadable, and anyone but an administrator', async () => {
    expect((await send('{}', 'x.json', 'application/json')).statusCode).toBe(400);
    expect((await send(Buffer.alloc(3 * 1024 * 1024, 'a'))).statusCode).toBe(413);
    expect((await send(Buffer.from('not a zip'), 'x.xlsx', IMPORT_CONTENT_TYPES.xlsx)).json()).toMatchObject({
      statusCode: 400,
      field: 'file',
    });
    expect((await send('')).statusCode).toBe(400);
    const url = `/api/imports?surveyId=${surveyId}&datasetId=${datasetId}&fileName=a.csv`;
    const asSomeone = async (headers: Record<string, string>) =>
      (await app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'text/csv' }, payload: HEADER }))
        .statusCode;
    expect(await asSomeone({})).toBe(401);
    expect(await asSomeone(await asGuest())).toBe(403);
    expect(await asSomeone(await asUser(database.db))).toBe(403);
  });
});
