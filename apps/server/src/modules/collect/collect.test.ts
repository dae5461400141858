import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@trashegimia/contract/common';
import { SURVEY_STATE } from '@trashegimia/contract/surveys';
import type { App } from '../../app';
import { type DatabaseHandle, rowsOf } from '../../db/client';
import { answers, assets, auditLog, devices, surveys } from '../../db/schema/index';
import { createDataset, createOption, createQuestion, createSurvey, createUser } from '../../test/factories';
import { startTestApp, testConfig } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';
import { TokenService } from '../auth';

let database: DatabaseHandle;
let app: App;
let collector: Record<string, string>;
let dataset: Awaited<ReturnType<typeof createDataset>>;
let survey: Awaited<ReturnType<typeof createSurvey>>;
/** The survey a collector fills in: name, a typology with skip logic and a conditional option, limits. */
let q: Record<'name' | 'kind' | 'material' | 'floors' | 'notes' | 'uses' | 'closing', { id: number }>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
  collector = await asUser(database.db);
  dataset = await createDataset(database.db);
  survey = await createSurvey(database.db, { defaultDatasetId: dataset.id });
  const db = database.db;
  const question = (questionNr: string, fields: Parameters<typeof createQuestion>[2] = {}) =>
    createQuestion(db, survey.id, { questionNr, questionOrder: Number(questionNr.split('.').at(-1)), ...fields });
  q = {
    name: await question('1', { questionType: 'TEXT', questionIdentifier: 'ASSET_NAME' }),
    kind: await question('2'),
    material: await question('3'),
    floors: await question('4', { questionType: 'TEXT', limMin: '1', limMax: '12' }),
    notes: await question('5', { questionType: 'TEXT', limMin: 'a few words' }),
    uses: await question('6', { questionType: 'MULTIPLE_CHOICE', limMax: '2' }),
    closing: await question('7', { questionType: 'TEXT' }),
  };
  await createOption(db, q.kind.id, { value: 'Kullë' });
  await createOption(db, q.kind.id, { value: 'Rrënojë', validateType: 'NEXT_QUESTION', toQuestionNr: '5' });
  await createOption(db, q.kind.id, { value: 'E zhdukur', validateType: 'END_SURVEY' });
  await createOption(db, q.material.id, { value: 'Gur' });
  await createOption(db, q.material.id, {
    value: 'Qerpiç',
    conditionalParentQuestionId: q.kind.id,
    conditionalParentQuestionValue: 'Kullë',
  });
  for (const value of ['Banim', 'Muze', 'Depo']) await createOption(db, q.uses.id, { value });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

type Answer = { questionId: number; value?: string | null; value2?: string | null };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const submission = (answerList: Answer[], overrides: Record<string, unknown> = {}) => ({
  surveyId: survey.id,
  uniqueId: randomUUID(),
  date: '2026-10-01T09:30:00.000Z',
  latitude: 42.6629,
  longitude: 21.1655,
  answers: answerList,
  ...overrides,
});

const submit = (payload: Record<string, unknown>, headers: Record<string, string> = collector) =>
  app.inject({ method: 'POST', url: '/api/collect/submissions', headers, payload });

const tower = (name = 'Kulla e Jasharëve'): Answer[] => [
  { questionId: q.name.id, value: name },
  { questionId: q.kind.id, value: 'Kullë' },
  { questionId: q.material.id, value: 'Qerpiç' },
];

describe('downloading surveys to a field device', () => {
  it('gives a collector every active survey with a dataset, whole, in all three languages', async () => {
    const passive = await createSurvey(database.db, { surveyState: 0, defaultDatasetId: dataset.id });
    const homeless = await createSurvey(database.db);
    const response = await app.inject({ method: 'GET', url: '/api/collect/surveys', headers: collector });
    expect(response.statusCode).toBe(200);
    const ids = response.json().items.map((item: { survey: { id: number } }) => item.survey.id);
    expect(ids).toContain(survey.id);
    expect(ids).not.toContain(passive.id);
    expect(ids).not.toContain(homeless.id);

    const ours = response.json().items.find((item: { survey: { id: number } }) => item.survey.id === survey.id);
    const kind = ours.questions.find((node: { id: number }) => node.id === q.kind.id);
    expect(kind).toMatchObject({
      titleXk: expect.any(String),
      titleEn: expect.any(String),
      titleSr: expect.any(String),
    });
    expect(kind.options).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 'Rrënojë', validateType: 'NEXT_QUESTION', toQuestionNr: '5' }),
      ]),
    );
    const material = ours.questions.find((node: { id: number }) => node.id === q.material.id);
    expect(material.options).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          value: 'Qerpiç',
          conditionalParentQuestionId: q.kind.id,
          conditionalParentQuestionValue: 'Kullë',
        }),
      ]),
    );
    expect(ours.revision).toEqual(expect.any(String));
  });

  it('answers 304 while the survey a device holds is unchanged, and the new survey once it changes', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/collect/surveys', headers: collector });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const unchanged = await app.inject({
      method: 'GET',
      url: '/api/collect/surveys',
      headers: { ...collector, 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const extra = await createSurvey(database.db, { defaultDatasetId: dataset.id });
    await createQuestion(database.db, extra.id, { questionType: 'TEXT' });
    const changed = await app.inject({
      method: 'GET',
      url: '/api/collect/surveys',
      headers: { ...collector, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const revisionOf = (body: { items: { survey: { id: number }; revision: string }[] }) =>
      body.items.find((item) => item.survey.id === survey.id)?.revision;
    // The survey the device already has keeps its revision: only the new one needs downloading.
    expect(revisionOf(changed.json())).toBe(revisionOf(first.json()));
  });

  it('is for accounts only: anonymous 401, guests 403', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/collect/surveys' })).statusCode).toBe(401);
    const guest = await app.inject({ method: 'GET', url: '/api/collect/surveys', headers: await asGuest() });
    expect(guest.statusCode).toBe(403);
  });
});

describe('submitting a filled-in survey', () => {
  it('makes an UPLOADED asset in the survey’s dataset, named after its name answer, with the collector and place', async () => {
    const response = await submit(submission(tower()));
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ status: 'UPLOADED', datasetId: dataset.id, surveyId: survey.id });

    const [asset] = await database.db.select().from(assets).where(eq(assets.id, created.id));
    expect(asset).toMatchObject({
      name: 'Kulla e Jasharëve',
      latitude: 42.6629,
      longitude: 21.1655,
      status: 'UPLOADED',
    });
    expect(asset!.userId).not.toBeNull();
    const stored = await database.db.select().from(answers).where(eq(answers.assetId, created.id));
    expect(stored.map((answer) => answer.value).sort()).toEqual(['Kulla e Jasharëve', 'Kullë', 'Qerpiç']);
    expect(stored.every((answer) => answer.questionId === q.name.id || answer.optionId !== null)).toBe(true);

    const history = await app.inject({
      method: 'GET',
      url: `/api/surveys/assets/${created.id}/history`,
      headers: await asAdmin(database.db),
    });
    expect(history.json().items[0]).toMatchObject({ action: 'submit' });
  });

  it('answers a resend with the asset of the first send and makes nothing new, even when both arrive at once', async () => {
    const payload = submission(tower('Kulla e dyfishtë'));
    const [first, second] = await Promise.all([submit(payload), submit(payload)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().id).toBe(second.json().id);
    const third = await submit(payload);
    expect(third.statusCode).toBe(200);
    expect(third.json().id).toBe(first.json().id);
    const made = await database.db.select().from(assets).where(eq(assets.uniqueId, payload.uniqueId));
    expect(made).toHaveLength(1);
  });

  it("refuses someone else's uniqueId with 409 instead of showing their asset", async () => {
    const payload = submission(tower());
    expect((await submit(payload)).statusCode).toBe(201);
    const other = await createUser(database.db, { role: ROLE.USER });
    const token = await new TokenService(testConfig().auth.jwtSecret, 3600).sign({
      guest: false,
      userId: other.id,
      role: ROLE.USER,
    });
    const response = await submit(payload, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ field: 'uniqueId' });
  });

  it('refuses answers the survey does not allow, naming the question, and stores nothing', async () => {
    const before = (await database.db.select({ id: assets.id }).from(assets)).length;
    const cases: { answers: Answer[]; code: string; message: RegExp }[] = [
      { answers: [{ questionId: 999_999, value: 'x' }], code: 'unknown_question', message: /999999/ },
      { answers: [{ questionId: q.kind.id, value: 'Kështjellë' }], code: 'unknown_option', message: /question 2/ },
      {
        // Qerpiç is offered only for towers.
        answers: [
          { questionId: q.kind.id, value: 'Rrënojë' },
          { questionId: q.material.id, value: 'Qerpiç' },
        ],
        code: 'skipped_question',
        message: /Question 3 .*question 2/,
      },
      {
        answers: [
          { questionId: q.kind.id, value: 'E zhdukur' },
          { questionId: q.closing.id, value: 'Shënim' },
        ],
        code: 'skipped_question',
        message: /Question 7/,
      },
      { answers: [{ questionId: q.floors.id, value: '40' }], code: 'outside_limits', message: /Question 4 .*1 to 12/ },
      { answers: [{ questionId: q.floors.id, value: 'shumë' }], code: 'outside_limits', message: /Question 4/ },
      { answers: [{ questionId: q.uses.id, value: 'Banim,Muze,Depo' }], code: 'outside_limits', message: /Question 6/ },
    ];
    for (const { answers: answerList, code, message } of cases) {
      const response = await submit(submission(answerList));
      expect(response.statusCode, JSON.stringify(answerList)).toBe(400);
      expect(response.json()).toMatchObject({ code, field: expect.stringMatching(/^answers\.\d+\./) });
      expect(response.json().message).toMatch(message);
    }
    const conditional = await submit(
      submission([
        { questionId: q.kind.id, value: 'Kullë' },
        { questionId: q.material.id, value: 'Gur' },
        { questionId: q.name.id, value: 'ok' },
      ]),
    );
    expect(conditional.statusCode).toBe(201);
    // Qerpiç applies only when question 2 is answered Kullë; here it is left unanswered.
    const mismatch = await submit(submission([{ questionId: q.material.id, value: 'Qerpiç' }]));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/applies only when question 2 is answered "Kullë"/);
    expect((await database.db.select({ id: assets.id }).from(assets)).length).toBe(before + 1);
  });

  it('keeps to the limits it can read and lets a jump skip questions', async () => {
    const response = await submit(
      submission([
        { questionId: q.kind.id, value: 'Rrënojë' },
        { questionId: q.notes.id, value: 'Mbetet vetëm themeli' },
        { questionId: q.floors.id, value: null },
        { questionId: q.uses.id, value: 'Banim, Muze' },
      ]),
    );
    expect(response.statusCode).toBe(201);
  });

  it('takes a registered device, in any spelling of its MAC address, and refuses an unknown one (403)', async () => {
    const [device] = await database.db.insert(devices).values({ mac: 'A4:5E:60:C1:22:0F' }).returning();
    const known = await submit(submission(tower(), { deviceMac: 'a4-5e-60-c1-22-0f' }));
    expect(known.statusCode).toBe(201);
    const [asset] = await database.db.select().from(assets).where(eq(assets.id, known.json().id));
    expect(asset!.deviceId).toBe(device!.id);

    const unknown = await submit(submission(tower(), { deviceMac: '02:00:00:00:00:99' }));
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe('Device not registered');
  });

  it('refuses a survey that is unknown (400), passive or without a dataset (409), and a date in the future', async () => {
    const unknown = await submit(submission([], { surveyId: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('surveyId');
    const passive = await createSurvey(database.db, { surveyState: 0, defaultDatasetId: dataset.id });
    expect((await submit(submission([], { surveyId: passive.id }))).statusCode).toBe(409);
    const homeless = await createSurvey(database.db);
    expect((await submit(submission([], { surveyId: homeless.id }))).statusCode).toBe(409);
    const future = await submit(submission(tower(), { date: '2099-01-01T00:00:00.000Z' }));
    expect(future.statusCode).toBe(400);
    expect(future.json().field).toBe('date');
    const badPlace = await submit(submission(tower(), { latitude: 91 }));
    expect(badPlace.statusCode).toBe(400);
  });

  it('is refused to anonymous visitors (401) and guests (403)', async () => {
    const payload = submission(tower());
    expect((await app.inject({ method: 'POST', url: '/api/collect/submissions', payload })).statusCode).toBe(401);
    expect((await submit(payload, await asGuest())).statusCode).toBe(403);
  });
});

describe('a survey with required, number and date questions', () => {
  let typed: Awaited<ReturnType<typeof createSurvey>>;
  let t: Record<'state' | 'year' | 'height' | 'visited' | 'ruinNote' | 'roof', { id: number }>;

  beforeAll(async () => {
    const db = database.db;
    typed = await createSurvey(db, { defaultDatasetId: dataset.id });
    const question = (questionNr: string, fields: Parameters<typeof createQuestion>[2]) =>
      createQuestion(db, typed.id, { questionNr, questionOrder: Number(questionNr), ...fields });
    t = {
      state: await question('1', { required: true }),
      year: await question('2', { questionType: 'NUMBER', required: true, limMin: '1000', limMax: '2026' }),
      height: await question('3', { questionType: 'NUMBER', limMin: '0' }),
      visited: await question('4', { questionType: 'DATE' }),
      ruinNote: await question('5', { questionType: 'TEXT', required: true }),
      roof: await question('6', { required: true }),
    };
    await createOption(db, t.state.id, { value: 'E ruajtur' });
    await createOption(db, t.state.id, { value: 'Rrënojë', validateType: 'END_SURVEY' });
    await createOption(db, t.state.id, { value: 'E dëmtuar' });
    await createOption(db, t.roof.id, {
      value: 'Rrasa guri',
      conditionalParentQuestionId: t.state.id,
      conditionalParentQuestionValue: 'E ruajtur',
    });
  });

  const typedSubmission = (answerList: Answer[]) => submission(answerList, { surveyId: typed.id });
  const complete = (): Answer[] => [
    { questionId: t.state.id, value: 'E ruajtur' },
    { questionId: t.year.id, value: '1750' },
    { questionId: t.height.id, value: '12,5' },
    { questionId: t.visited.id, value: '2026-09-30' },
    { questionId: t.ruinNote.id, value: 'Kulla ka tre kate' },
    { questionId: t.roof.id, value: 'Rrasa guri' },
  ];

  it('takes a complete submission and stores a decimal comma as a dot and the date as the day', async () => {
    const response = await submit(typedSubmission(complete()));
    expect(response.statusCode).toBe(201);
    const stored = await database.db
      .select({ questionId: answers.questionId, value: answers.value })
      .from(answers)
      .where(eq(answers.assetId, response.json().id));
    expect(stored).toEqual(
      expect.arrayContaining([
        { questionId: t.height.id, value: '12.5' },
        { questionId: t.visited.id, value: '2026-09-30' },
      ]),
    );
  });

  it('refuses a required question left unanswered (or blank) with 400 naming its number, and stores nothing', async () => {
    const before = await database.db.select({ id: assets.id }).from(assets).where(eq(assets.surveyId, typed.id));
    for (const answerList of [
      complete().filter((answer) => answer.questionId !== t.year.id),
      complete().map((answer) => (answer.questionId === t.ruinNote.id ? { ...answer, value: '' } : answer)),
    ]) {
      const response = await submit(typedSubmission(answerList));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'required_question' });
      expect(response.json().message).toMatch(/^Question (2|5) must be answered$/);
    }
    const after = await database.db.select({ id: assets.id }).from(assets).where(eq(assets.surveyId, typed.id));
    expect(after).toHaveLength(before.length);
  });

  it('does not ask for required questions that skip logic passes by, nor for a choice whose options all wait on another answer', async () => {
    const ended = await submit(typedSubmission([{ questionId: t.state.id, value: 'Rrënojë' }]));
    expect(ended.statusCode).toBe(201);
    const damaged = complete()
      .filter((answer) => answer.questionId !== t.roof.id)
      .map((answer) => (answer.questionId === t.state.id ? { ...answer, value: 'E dëmtuar' } : answer));
    expect((await submit(typedSubmission(damaged))).statusCode).toBe(201);
    const preserved = complete().filter((answer) => answer.questionId !== t.roof.id);
    expect((await submit(typedSubmission(preserved))).json()).toMatchObject({ code: 'required_question' });
  });

  it('asks for a required choice once the answer its option waits on is given, a comma in that answer included', async () => {
    const db = database.db;
    const own = await createSurvey(db, { defaultDatasetId: dataset.id });
    const name = await createQuestion(db, own.id, { questionType: 'TEXT', questionIdentifier: 'ASSET_NAME' });
    const state = await createQuestion(db, own.id, { questionNr: '2', questionOrder: 2 });
    const roof = await createQuestion(db, own.id, { questionNr: '3', questionOrder: 3, required: true });
    await createOption(db, state.id, { value: 'E ruajtur, pjesërisht' });
    await createOption(db, roof.id, {
      value: 'Rrasa guri',
      conditionalParentQuestionId: state.id,
      conditionalParentQuestionValue: 'E ruajtur, pjesërisht',
    });
    const answered = [
      { questionId: name.id, value: 'Kulla e Jasharëve' },
      { questionId: state.id, value: 'E ruajtur, pjesërisht' },
    ];
    const refused = await submit(submission(answered, { surveyId: own.id }));
    expect(refused.json()).toMatchObject({ code: 'required_question', message: 'Question 3 must be answered' });
    const whole = [...answered, { questionId: roof.id, value: 'Rrasa guri' }];
    expect((await submit(submission(whole, { surveyId: own.id }))).statusCode).toBe(201);
  });

  it('refuses a number out of its bounds or not a number, and a day the calendar lacks, naming the question', async () => {
    const cases: [Answer, string, RegExp][] = [
      [{ questionId: t.year.id, value: '2100' }, 'outside_limits', /^Question 2 takes a number from 1000 to 2026$/],
      [{ questionId: t.height.id, value: '-1' }, 'outside_limits', /^Question 3 takes a number from 0 to …$/],
      [{ questionId: t.year.id, value: 'shekulli XVIII' }, 'invalid_answer', /^Question 2 takes a number/],
      [{ questionId: t.visited.id, value: '2026-02-30' }, 'invalid_answer', /^Question 4 takes a date/],
    ];
    for (const [changed, code, message] of cases) {
      const answerList = complete().map((answer) => (answer.questionId === changed.questionId ? changed : answer));
      const response = await submit(typedSubmission(answerList));
      expect(response.statusCode, JSON.stringify(changed)).toBe(400);
      expect(response.json()).toMatchObject({ code });
      expect(response.json().message).toMatch(message);
    }
  });
});

describe('the same submission sent again and again, as a device on a bad connection does', () => {
  const COPIES = 20;
  const HOUR_MS = 60 * 60 * 1000;

  /** What the database holds for a uniqueId: its assets, their answers' values and their submit entries in the audit log. */
  async function storedFor(uniqueId: string) {
    const made = await database.db.select({ id: assets.id }).from(assets).where(eq(assets.uniqueId, uniqueId));
    const ids = made.map((asset) => asset.id);
    if (ids.length === 0) return { assetIds: [], answers: [], submits: 0 };
    const values = await database.db
      .select({ value: answers.value })
      .from(answers)
      .where(inArray(answers.assetId, ids));
    const submits = await database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'asset.submit'), inArray(auditLog.subjectId, ids)));
    return { assetIds: ids, answers: values.map((answer) => answer.value).sort(), submits: submits.length };
  }

  /** Exactly one 201, every other answer 200, all naming the same asset: its id. */
  function expectOneAssetNamed(responses: Awaited<ReturnType<typeof submit>>[]) {
    const statuses: Record<number, number> = {};
    for (const { statusCode } of responses) statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    expect(statuses, 'answers by status').toEqual({ 200: responses.length - 1, 201: 1 });
    const ids = responses.map((response) => response.json().id as string);
    expect(new Set(ids).size, 'assets named').toBe(1);
    return ids[0]!;
  }

  it('makes one asset with its answers once from 20 copies sent at once, answering 201 once and 200 with that asset to the rest (else reviewers find the building listed twice)', async () => {
    const payload = submission(tower('Kulla e dërguar njëzet herë'));
    const responses = await Promise.all(Array.from({ length: COPIES }, () => submit(payload)));
    const id = expectOneAssetNamed(responses);
    expect(await storedFor(payload.uniqueId)).toEqual({
      assetIds: [id],
      answers: ['Kulla e dërguar njëzet herë', 'Kullë', 'Qerpiç'],
      submits: 1,
    });
  });

  // On in-process PGlite, copies sent at once are in practice handled one after another (each finds
  // the first's asset), so they never race; holding its one connection lines them all up instead.
  it.runIf(process.env.TEST_DB_DRIVER !== 'pg')(
    'makes one asset from 20 copies that all look for an earlier one before any is written (else the building is listed twice)',
    async () => {
      const payload = submission(tower('Kulla që pret radhën'));
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      const copies = await database.db.transaction(async () => {
        const sent = Array.from({ length: COPIES }, () => submit(payload));
        // Each copy's first statement (its token's check) waits for the connection this transaction holds.
        await vi.waitFor(() => expect(pool.waitingCount).toBeGreaterThanOrEqual(COPIES), {
          timeout: 10_000,
          interval: 5,
        });
        return sent;
      });
      const id = expectOneAssetNamed(await Promise.all(copies));
      expect(await storedFor(payload.uniqueId)).toEqual({
        assetIds: [id],
        answers: ['Kulla që pret radhën', 'Kullë', 'Qerpiç'],
        submits: 1,
      });
    },
  );

  it.each([
    ['one per turn of the event loop', () => setImmediate()],
    ['one a millisecond', () => pause(1)],
    ['one every 5 ms', () => pause(5)],
  ])(
    'makes one asset from 20 copies arriving %s while the first is still being handled (else the building is listed twice)',
    async (_, betweenCopies) => {
      const payload = submission(tower('Kulla e dërguar ndër kohë'));
      const responses = [];
      for (let copy = 0; copy < COPIES; copy++) {
        responses.push(submit(payload));
        await betweenCopies();
      }
      const id = expectOneAssetNamed(await Promise.all(responses));
      expect(await storedFor(payload.uniqueId)).toEqual({
        assetIds: [id],
        answers: ['Kulla e dërguar ndër kohë', 'Kullë', 'Qerpiç'],
        submits: 1,
      });
    },
  );

  it('answers copies sent an hour later, even after the survey was closed, with 200 and the same asset, and makes nothing new (else the device shows a submission that landed as failed)', async () => {
    const own = await createSurvey(database.db, { defaultDatasetId: dataset.id });
    const name = await createQuestion(database.db, own.id, { questionType: 'TEXT', questionIdentifier: 'ASSET_NAME' });
    const payload = submission([{ questionId: name.id, value: 'Mulliri i vjetër' }], { surveyId: own.id });
    const first = await submit(payload);
    expect(first.statusCode).toBe(201);

    // Only Date moves on: the server's timers and the database's work go on as before.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + HOUR_MS);
      // The token of an hour ago has expired: the device has logged in again.
      const loggedInAgain = await asUser(database.db);
      const later = await Promise.all(Array.from({ length: COPIES }, () => submit(payload, loggedInAgain)));
      expect(later.map((response) => response.statusCode)).toEqual(Array<number>(COPIES).fill(200));
      expect(later.map((response) => response.json().id)).toEqual(Array<string>(COPIES).fill(first.json().id));

      await database.db.update(surveys).set({ surveyState: SURVEY_STATE.PASSIVE }).where(eq(surveys.id, own.id));
      const afterClosing = await submit(payload, loggedInAgain);
      expect(afterClosing.statusCode, JSON.stringify(afterClosing.json())).toBe(200);
      expect(afterClosing.json().id).toBe(first.json().id);
    } finally {
      vi.useRealTimers();
    }
    expect(await storedFor(payload.uniqueId)).toEqual({
      assetIds: [first.json().id],
      answers: ['Mulliri i vjetër'],
      submits: 1,
    });
  });

  // PGlite has one connection: a resend's queries wait until the first's transaction has ended.
  it.runIf(process.env.TEST_DB_DRIVER === 'pg')(
    'answers a copy that arrives while the first is being written by waiting for it, with 200 and the same asset (else the device is told a submission that landed failed)',
    async () => {
      const payload = submission(tower('Kulla në mes të shkrimit'));
      /**
       * What the submissions' connections wait for, e.g. `relation` (a table lock), `transactionid`
       * (another's write). The server's once-a-second fold of count changes waits on the same table
       * lock; it is left out.
       */
      const lockWaits = async () =>
        rowsOf<{ wait_event: string }>(
          await database.db.execute(
            sql`select wait_event from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'
                  and position('delete from "asset_count_changes"' in query) = 0
                order by wait_event`,
          ),
        ).map((row) => row.wait_event);
      const sends = await database.db.transaction(async (tx) => {
        // Holds the first send after it wrote its asset, when its triggers count it: its statement stays open.
        await tx.execute(sql`lock table asset_count_changes in share mode`);
        const writing = submit(payload);
        await vi.waitFor(async () => expect(await lockWaits()).toEqual(['relation']), { timeout: 10_000 });
        const resending = submit(payload);
        // The resend found no asset yet and now waits for the first's uniqueId to be committed or not.
        await vi.waitFor(async () => expect(await lockWaits()).toEqual(['relation', 'transactionid']), {
          timeout: 10_000,
        });
        return [writing, resending] as const;
      });
      const [first, resend] = await Promise.all(sends);
      expect(first.statusCode).toBe(201);
      expect(resend.statusCode, JSON.stringify(resend.json())).toBe(200);
      expect(resend.json().id).toBe(first.json().id);
      expect(await storedFor(payload.uniqueId)).toEqual({
        assetIds: [first.json().id],
        answers: ['Kulla në mes të shkrimit', 'Kullë', 'Qerpiç'],
        submits: 1,
      });
    },
  );
});
