import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { auditLog, questionLibrary } from '../../db/schema/index';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';

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

let wordCounter = 0;
/** A word no other test's titles contain, so `q=` isolates this test's library questions. */
const uniqueWord = () => `Fjala${++wordCounter}x${Date.now().toString(36)}`;

const addToLibrary = (payload: Record<string, unknown>, headers = admin) =>
  app.inject({ method: 'POST', url: '/api/question-library', headers, payload });

const MATERIALS = {
  titleXk: 'Materiali i ndërtimit',
  titleEn: 'Building material',
  questionType: 'MULTIPLE_CHOICE',
  options: [
    { value: 'Gur', descriptionXk: 'Gur', descriptionEn: 'Stone' },
    { value: 'Dru', descriptionXk: 'Dru', descriptionEn: 'Wood' },
    { value: 'Tjetër', descriptionXk: 'Tjetër', isAnother: true },
  ],
};

describe('the question library', () => {
  it('keeps a question with its options for every administrator, and records who added it', async () => {
    const created = await addToLibrary(MATERIALS);
    expect(created.statusCode).toBe(201);
    const question = created.json();
    expect(question).toMatchObject({
      title: 'Materiali i ndërtimit',
      titleSr: null,
      questionType: 'MULTIPLE_CHOICE',
      questionIdentifier: null,
      options: [
        { value: 'Gur', descriptionEn: 'Stone', isAnother: false },
        { value: 'Dru', descriptionEn: 'Wood', isAnother: false },
        { value: 'Tjetër', descriptionEn: null, isAnother: true },
      ],
    });

    const list = await app.inject({ url: '/api/question-library?limit=1000', headers: { ...admin, language: 'en' } });
    expect(list.json().items).toContainEqual(expect.objectContaining({ id: question.id, title: 'Building material' }));

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'question_library'), eq(auditLog.subjectId, String(question.id))));
    expect(entry).toMatchObject({ action: 'question_library.create' });
  });

  it('requires a non-blank Albanian title and a known question type', async () => {
    const blank = await addToLibrary({ ...MATERIALS, titleXk: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().field).toBe('titleXk');
    const badType = await addToLibrary({ ...MATERIALS, questionType: 'ESSAY' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().field).toBe('questionType');
  });

  it('finds questions by title in any language, ignoring case and accents, newest first', async () => {
    const word = uniqueWord();
    const older = (await addToLibrary({ ...MATERIALS, titleXk: `Çatia ${word}` })).json();
    const newer = (await addToLibrary({ ...MATERIALS, titleXk: 'Tjetër', titleSr: `Krov ${word}` })).json();
    await addToLibrary({ ...MATERIALS, titleXk: 'Pa lidhje' });

    const found = await app.inject({ url: `/api/question-library?q=${word.toLowerCase()}`, headers: admin });
    expect(found.json().items.map((q: { id: number }) => q.id)).toEqual([newer.id, older.id]);
    expect(found.json().meta).toMatchObject({ totalItems: 2, totalPages: 1 });
    const accentless = await app.inject({
      url: `/api/question-library?q=${encodeURIComponent(`catia ${word}`)}`,
      headers: admin,
    });
    expect(accentless.json().items.map((q: { id: number }) => q.id)).toEqual([older.id]);
  });

  it('changes the fields sent and replaces the options when they are sent', async () => {
    const question = (await addToLibrary(MATERIALS)).json();
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/question-library/${question.id}`,
      headers: admin,
      payload: { titleEn: 'Main material' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ titleXk: MATERIALS.titleXk, titleEn: 'Main material' });
    expect(renamed.json().options).toHaveLength(3);

    const reoptioned = await app.inject({
      method: 'PATCH',
      url: `/api/question-library/${question.id}`,
      headers: admin,
      payload: { questionType: 'SINGLE_CHOICE', options: [{ value: 'Qerpiç' }] },
    });
    expect(reoptioned.json()).toMatchObject({ questionType: 'SINGLE_CHOICE', options: [{ value: 'Qerpiç' }] });
    expect(Date.parse(reoptioned.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(question.updatedAt));
  });

  it('deletes a library question, and answers 404 for one that is gone', async () => {
    const question = (await addToLibrary(MATERIALS)).json();
    const url = `/api/question-library/${question.id}`;
    expect((await app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(204);
    expect(await database.db.select().from(questionLibrary).where(eq(questionLibrary.id, question.id))).toHaveLength(0);
    expect((await app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(404);
    const patch = await app.inject({ method: 'PATCH', url, headers: admin, payload: { titleEn: 'x' } });
    expect(patch.statusCode).toBe(404);
  });

  it('refuses visitors without a session (401), and guests and users (403)', async () => {
    const question = (await addToLibrary(MATERIALS)).json();
    const calls = [
      { method: 'GET', url: '/api/question-library' },
      { method: 'POST', url: '/api/question-library', payload: MATERIALS },
      { method: 'PATCH', url: `/api/question-library/${question.id}`, payload: { titleEn: 'x' } },
      { method: 'DELETE', url: `/api/question-library/${question.id}` },
    ] as const;
    const callers = [
      { headers: {}, status: 401 },
      { headers: await asGuest(), status: 403 },
      { headers: await asUser(database.db), status: 403 },
    ];
    for (const { headers, status } of callers) {
      for (const call of calls) {
        const response = await app.inject({ ...call, headers });
        expect({ ...call, status: response.statusCode }).toEqual({ ...call, status });
      }
    }
    expect(await database.db.select().from(questionLibrary).where(eq(questionLibrary.id, question.id))).toHaveLength(1);
  });
});
