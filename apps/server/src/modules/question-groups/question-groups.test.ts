import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { auditLog, questionGroups, questions } from '../../db/schema/index';
import { createQuestion, createSurvey } from '../../test/factories';
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

const createGroup = async (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/question-groups', headers: admin, payload });

describe('question groups', () => {
  it('creates a group with titles in three languages and lists it in the language asked', async () => {
    const created = await createGroup({ titleXk: 'Vendndodhja', titleEn: 'Location', titleSr: 'Lokacija' });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ title: 'Vendndodhja', titleXk: 'Vendndodhja', titleEn: 'Location' });

    const list = await app.inject({ url: '/api/question-groups?limit=1000', headers: { ...admin, language: 'en' } });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toContainEqual(expect.objectContaining({ id: group.id, title: 'Location' }));
    expect(list.json().meta).toMatchObject({ page: 1, limit: 1000 });

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'question_group'), eq(auditLog.subjectId, String(group.id))));
    expect(entry).toMatchObject({ action: 'question_group.create' });
  });

  it('pages the groups in the order they were made', async () => {
    const first = (await createGroup({ titleXk: 'E para' })).json();
    const second = (await createGroup({ titleXk: 'E dyta' })).json();
    const total = (await app.inject({ url: '/api/question-groups?limit=1', headers: admin })).json().meta.totalItems;
    const last = await app.inject({ url: `/api/question-groups?limit=1&page=${total}`, headers: admin });
    expect(last.json().items.map((g: { id: number }) => g.id)).toEqual([second.id]);
    const beforeLast = await app.inject({ url: `/api/question-groups?limit=1&page=${total - 1}`, headers: admin });
    expect(beforeLast.json().items.map((g: { id: number }) => g.id)).toEqual([first.id]);
  });

  it('requires an Albanian title', async () => {
    const response = await createGroup({ titleXk: '   ', titleEn: 'Only English' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'titleXk', message: 'titleXk is required' });
  });

  it('changes only the titles sent, and clears one sent as null', async () => {
    const group = (await createGroup({ titleXk: 'Gjendja', titleEn: 'Condition', titleSr: 'Stanje' })).json();
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/question-groups/${group.id}`,
      headers: admin,
      payload: { titleEn: 'State of repair', titleSr: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ titleXk: 'Gjendja', titleEn: 'State of repair', titleSr: null });
    const unknown = await app.inject({
      method: 'PATCH',
      url: '/api/question-groups/999999',
      headers: admin,
      payload: { titleEn: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes a group and leaves its questions in place, ungrouped', async () => {
    const group = (await createGroup({ titleXk: 'Për t’u fshirë' })).json();
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id, { questionGroupId: group.id });

    const response = await app.inject({ method: 'DELETE', url: `/api/question-groups/${group.id}`, headers: admin });
    expect(response.statusCode).toBe(204);
    expect(await database.db.select().from(questionGroups).where(eq(questionGroups.id, group.id))).toHaveLength(0);
    const [kept] = await database.db.select().from(questions).where(eq(questions.id, question.id));
    expect(kept).toMatchObject({ id: question.id, questionGroupId: null });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/question-groups/${group.id}`, headers: admin })).statusCode,
    ).toBe(404);
  });

  it('refuses visitors without a session (401), and guests and users (403)', async () => {
    const group = (await createGroup({ titleXk: 'E mbrojtur' })).json();
    const calls = [
      { method: 'GET', url: '/api/question-groups' },
      { method: 'POST', url: '/api/question-groups', payload: { titleXk: 'x' } },
      { method: 'PATCH', url: `/api/question-groups/${group.id}`, payload: { titleXk: 'x' } },
      { method: 'DELETE', url: `/api/question-groups/${group.id}` },
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
    const [kept] = await database.db.select().from(questionGroups).where(eq(questionGroups.id, group.id));
    expect(kept?.titleXk).toBe('E mbrojtur');
  });
});
