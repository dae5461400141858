import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_CONTENT_TYPES } from '@trashegimia/contract/imports';
import type { QuestionNode } from '@trashegimia/contract/questions';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { questions, surveys } from '../../db/schema/index';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asUser } from '../../test/tokens';

let database: DatabaseHandle;
let app: App;
let admin: Record<string, string>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
  admin = await asAdmin(database.db);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const sample = (name: string) => readFileSync(new URL(`./testing/pyxform/${name}`, import.meta.url));

const send = (file: Buffer, dryRun: boolean, headers: Record<string, string> = admin) =>
  app.inject({
    method: 'POST',
    url: `/api/surveys/xlsform?dryRun=${dryRun}`,
    headers: { ...headers, 'content-type': IMPORT_CONTENT_TYPES.xlsx },
    payload: file,
  });

const surveyCount = async () => (await database.db.select({ value: count() }).from(surveys))[0]!.value;

async function workbook(rows: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('survey');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('importing an XLSForm', () => {
  it('shows in a dry run what the form would make and writes nothing', async () => {
    const before = await surveyCount();
    const response = await send(sample('choice_filter_test.xlsx'), true);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview.survey.descriptionXk).toBe('cascading selects');
    expect(preview.survey.questions.map((q: { questionNr: string; name: string }) => [q.questionNr, q.name])).toEqual([
      ['1', 'state'],
      ['2', 'county'],
      ['3', 'city'],
    ]);
    expect(await surveyCount()).toBe(before);
  });

  it('makes a passive survey whose cascading choices are offered only after the answer they depend on', async () => {
    const response = await send(sample('choice_filter_test.xlsx'), false);
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    const [survey] = await database.db.select().from(surveys).where(eq(surveys.id, id));
    expect(survey).toMatchObject({ surveyState: 0, defaultDatasetId: null });

    const tree = (await app.inject({ method: 'GET', url: `/api/surveys/${id}/questions`, headers: admin })).json()
      .items as QuestionNode[];
    const [state, county, city] = tree;
    expect(state!.options.map((option) => option.value)).toEqual(['texas', 'washington']);
    expect(
      county!.options.map((o) => [o.value, o.conditionalParentQuestionId, o.conditionalParentQuestionValue]),
    ).toEqual([
      ['king', state!.id, 'washington'],
      ['pierce', state!.id, 'washington'],
      ['king', state!.id, 'texas'],
      ['cameron', state!.id, 'texas'],
    ]);
    expect(city!.options.every((option) => option.conditionalParentQuestionId === county!.id)).toBe(true);
  });

  it('makes groups into chapters, keeps what it can of other types, and says row by row what it left out', async () => {
    const response = await send(sample('group.xlsx'), false);
    expect(response.statusCode, response.body).toBe(201);
    const { id, warnings } = response.json();
    expect(warnings).toEqual(
      expect.arrayContaining([expect.objectContaining({ sheet: 'survey', row: 4, column: 'type' })]),
    );
    const tree = (
      await app.inject({ method: 'GET', url: `/api/surveys/${id}/questions`, headers: { ...admin, language: 'en' } })
    ).json().items as QuestionNode[];
    expect(tree.map((node) => [node.questionNr, node.questionCategory, node.questionType])).toEqual([
      ['1', 'PARENT', 'TEXT'],
      ['2', 'CHAPTER', null],
    ]);
    expect(tree[1]!.children.map((node) => [node.questionNr, node.questionType, node.titleEn])).toEqual([
      ['2.1', 'TEXT', "What's your father's phone number?"],
      ['2.2', 'NUMBER', 'How old is your father?'],
    ]);
  });

  it('answers 400 with every warning when nothing usable remains, and makes nothing', async () => {
    const before = await surveyCount();
    const onlyCalculations = await workbook([
      ['type', 'name', 'label', 'calculation'],
      ['calculate', 'total', '', '1 + 1'],
    ]);
    for (const dryRun of [true, false]) {
      const response = await send(onlyCalculations, dryRun);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'xlsform_unusable', field: 'file' });
      expect(response.json().warnings).toEqual(
        expect.arrayContaining([expect.objectContaining({ sheet: 'survey', row: 2 })]),
      );
    }
    const notAWorkbook = await send(Buffer.from('type,name\ntext,a\n'), false);
    expect(notAWorkbook.statusCode).toBe(400);
    expect(notAWorkbook.json().code).toBe('unreadable_file');
    expect(await surveyCount()).toBe(before);
  });

  it('downloads a survey as a workbook that imports back into the same tree', async () => {
    const made = (await send(sample('choice_filter_test.xlsx'), false)).json();
    const download = await app.inject({ method: 'GET', url: `/api/surveys/${made.id}/xlsform`, headers: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(IMPORT_CONTENT_TYPES.xlsx);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="cascading-selects-xlsform\.xlsx"/);

    const again = await send(download.rawPayload, false);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().warnings).toEqual([]);
    const treeOf = async (id: number) => {
      const items = (await app.inject({ method: 'GET', url: `/api/surveys/${id}/questions`, headers: admin })).json()
        .items as QuestionNode[];
      const numbers = new Map(items.map((node) => [node.id, node.questionNr]));
      return items.map(({ id: _id, surveyId: _survey, options, ...node }) => ({
        ...node,
        options: options.map(({ id: _option, questionId: _question, conditionalParentQuestionId, ...option }) => ({
          ...option,
          condition: conditionalParentQuestionId === null ? null : numbers.get(conditionalParentQuestionId),
        })),
      }));
    };
    expect(await treeOf(again.json().id)).toEqual(await treeOf(made.id));

    const unknown = await app.inject({ method: 'GET', url: '/api/surveys/999999/xlsform', headers: admin });
    expect(unknown.statusCode).toBe(404);
  });

  it('makes of a form nested too deep and worded too long a survey the editor can save again as it is', async () => {
    const depth = 12;
    const response = await send(
      await workbook([
        ['type', 'name', 'label', 'hint'],
        ...Array.from({ length: depth }, (_, level) => ['begin_group', `g${level + 1}`, `Grupi ${level + 1}`]),
        ['text', 'deep', 'T'.repeat(3000), 'H'.repeat(2500)],
        ...Array.from({ length: depth }, () => ['end_group']),
      ]),
      false,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().warnings).toHaveLength(depth - 9 + 2);

    // The editor sends every question back with its fields as it got them.
    const { id } = response.json();
    const { items } = (await app.inject({ method: 'GET', url: `/api/surveys/${id}/questions`, headers: admin })).json();
    const asSaved = (nodes: QuestionNode[]): object[] =>
      nodes.flatMap(({ surveyId: _survey, questionOrder: _order, options: _options, children, ...node }) => [
        node,
        ...asSaved(children),
      ]);
    const saved = await app.inject({
      method: 'POST',
      url: `/api/surveys/${id}/questions`,
      headers: admin,
      payload: { questions: asSaved(items) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses a body that is no workbook with a clear 4xx: empty, of another type, or too large', async () => {
    const before = await surveyCount();
    const empty = await send(Buffer.alloc(0), true);
    expect([empty.statusCode, empty.json().field]).toEqual([400, 'file']);
    const csv = await app.inject({
      method: 'POST',
      url: '/api/surveys/xlsform',
      headers: { ...admin, 'content-type': IMPORT_CONTENT_TYPES.csv },
      payload: 'type,name\ntext,a\n',
    });
    expect(csv.statusCode).toBe(415);
    const huge = await send(Buffer.alloc(31 * 1024 * 1024), false);
    expect(huge.statusCode).toBe(413);
    expect(await surveyCount()).toBe(before);
  });

  it('is for administrators only', async () => {
    const before = (await database.db.select({ value: count() }).from(questions))[0]!.value;
    expect((await send(sample('group.xlsx'), false, {})).statusCode).toBe(401);
    expect((await send(sample('group.xlsx'), false, await asUser(database.db))).statusCode).toBe(403);
    const survey = (await database.db.select({ id: surveys.id }).from(surveys).limit(1))[0]!;
    const download = await app.inject({ method: 'GET', url: `/api/surveys/${survey.id}/xlsform` });
    expect(download.statusCode).toBe(401);
    expect((await database.db.select({ value: count() }).from(questions))[0]!.value).toBe(before);
  });
});
