import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../client';
import {
  answers,
  assets,
  datasets,
  guidelines,
  media,
  questionOptions,
  questions,
  surveys,
  users,
} from '../schema/index';
import { verifyPassword } from '../../modules/auth/passwords';
import { LocalBlobStore } from '../../storage/local-blob-store';
import { openTestStorage } from '../../storage/testing/test-storage';
import { KOSOVO_BOUNDS } from './demo-assets';
import { seedDatabase, type SeedOptions } from './seed';

const handles: DatabaseHandle[] = [];
const dirs: string[] = [];

async function freshDatabase() {
  const handle = await openDatabase({ memory: true });
  handles.push(handle);
  const dataDir = await mkdtemp(join(tmpdir(), 'seed-test-'));
  dirs.push(dataDir);
  return { db: handle.db, dataDir };
}

function options(dataDir: string, overrides: Partial<SeedOptions> = {}) {
  const messages: string[] = [];
  const blobs = new LocalBlobStore(join(dataDir, 'blobs'), 'seed-test-secret');
  return {
    messages,
    options: { adminUserName: 'admin', demo: true, blobs, log: (m: string) => messages.push(m), ...overrides },
  };
}

const count = async (db: DatabaseHandle['db'], table: PgTable) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('seedDatabase with the demo', () => {
  let db: DatabaseHandle['db'];
  let dataDir: string;
  let messages: string[];

  beforeAll(async () => {
    ({ db, dataDir } = await freshDatabase());
    const run = options(dataDir);
    messages = run.messages;
    // How long it takes is measured by `npm run bench`, not asserted here.
    await seedDatabase(db, run.options);
  });

  it('creates the admin with a working argon2id hash and prints the generated password once', async () => {
    const [admin, ...others] = await db.select().from(users);
    expect(others).toHaveLength(0);
    expect(admin).toMatchObject({ userName: 'admin', role: 2, createdBy: 'system' });
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);

    const lines = messages.filter((m) => m.includes('password'));
    expect(lines).toHaveLength(1);
    const password = /password "([^"]+)"/.exec(lines[0] ?? '')?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(await verifyPassword(admin?.passwordHash ?? '', password ?? '')).toBe(true);
    expect(await verifyPassword(admin?.passwordHash ?? '', 'wrong')).toBe(false);
  });

  it('seeds nothing more on a second run and prints no password', async () => {
    const before = await Promise.all(
      [users, datasets, surveys, questions, assets, answers, media].map((t) => count(db, t)),
    );
    const again = options(dataDir);
    await seedDatabase(db, again.options);
    const after = await Promise.all(
      [users, datasets, surveys, questions, assets, answers, media].map((t) => count(db, t)),
    );
    expect(after).toEqual(before);
    expect(again.messages).toEqual([]);
  });

  it('creates the six datasets, active, with three descriptions', async () => {
    const rows = await db.select().from(datasets);
    expect(rows.map((d) => d.name).sort()).toEqual(
      [
        'Hapësira publike',
        'Industri kreative',
        'Monumente',
        'Ngjarje kulturore',
        'Peizazhe',
        'Site arkeologjike',
      ].sort(),
    );
    for (const d of rows) {
      expect(d.isActive).toBe(true);
      expect(d.pillColor).toMatch(/^#[0-9A-F]{6}$/i);
      expect(d.descriptionXk && d.descriptionEn && d.descriptionSr).toBeTruthy();
      // Serbian in Latin script.
      expect(d.descriptionSr).not.toMatch(/[\u0400-\u04FF]/);
    }
  });

  it('builds the survey tree with every category, type and identifier', async () => {
    const [survey] = await db.select().from(surveys);
    expect(survey).toMatchObject({ surveyState: 1, descriptionEn: 'Cultural heritage registration form' });
    const qs = await db.select().from(questions);
    expect(new Set(qs.map((q) => q.questionCategory))).toEqual(new Set(['CHAPTER', 'GROUP', 'PARENT']));
    expect(new Set(qs.filter((q) => q.questionCategory === 'PARENT').map((q) => q.questionType))).toEqual(
      new Set(['TEXT', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'DROPDOWN', 'SELECT_AND_TEXT']),
    );
    for (const id of [
      'ASSET_NAME',
      'MUNICIPALITY_NAME',
      'VILLAGE_NAME',
      'ASSET_TYPE',
      'USABILITY',
      'ACCESS',
      'RISK_LEVEL',
    ]) {
      expect(qs.filter((q) => q.questionIdentifier === id)).toHaveLength(1);
    }
    const group = qs.find((q) => q.questionCategory === 'GROUP');
    expect(qs.filter((q) => q.parentId === group?.id && q.questionCategory === 'PARENT').length).toBeGreaterThanOrEqual(
      3,
    );
    // Children are numbered inside their parent.
    const byId = new Map(qs.map((q) => [q.id, q]));
    for (const q of qs) {
      const parent = q.parentId === null ? undefined : byId.get(q.parentId);
      expect(q.questionNr).toBe(parent ? `${parent.questionNr}.${q.questionOrder}` : `${q.questionOrder}`);
    }
    expect(qs.some((q) => q.questionGroupId !== null)).toBe(true);
    expect(qs.some((q) => q.limMin !== null && q.limMax !== null && q.questionType === 'TEXT')).toBe(true);
  });

  it('offers all 38 municipalities, three risk levels and the special options', async () => {
    const qs = await db.select().from(questions);
    const options = await db.select().from(questionOptions);
    const of = (identifier: string) => {
      const q = qs.find((x) => x.questionIdentifier === identifier);
      return options.filter((o) => o.questionId === q?.id);
    };
    const municipalities = of('MUNICIPALITY_NAME');
    expect(municipalities).toHaveLength(38);
    expect(new Set(municipalities.map((o) => o.value)).size).toBe(38);
    expect(municipalities.every((o) => o.descriptionXk && o.descriptionEn && o.descriptionSr)).toBe(true);
    expect(of('RISK_LEVEL').map((o) => [o.value, o.descriptionEn])).toEqual([
      ['1', 'High'],
      ['2', 'Medium'],
      ['3', 'Low'],
    ]);

    const conditional = options.filter((o) => o.conditionalParentQuestionId !== null);
    expect(conditional.length).toBeGreaterThan(0);
    for (const o of conditional) {
      const parentValues = options.filter((p) => p.questionId === o.conditionalParentQuestionId).map((p) => p.value);
      expect(parentValues).toContain(o.conditionalParentQuestionValue);
    }
    const numbers = new Set(qs.map((q) => q.questionNr));
    const skips = options.filter((o) => o.validateType === 'NEXT_QUESTION');
    expect(skips.length).toBeGreaterThan(0);
    for (const o of skips) expect(numbers).toContain(o.toQuestionNr);
    expect(options.some((o) => o.validateType === 'END_SURVEY')).toBe(true);
    expect(options.some((o) => o.isAnother)).toBe(true);
    expect(options.some((o) => o.disclaimerXk && o.disclaimerEn && o.disclaimerSr)).toBe(true);
  });

  it('creates at least 300 assets inside Kosovo, across all municipalities, with mixed statuses and risks', async () => {
    const rows = await db.select().from(assets);
    expect(rows.length).toBeGreaterThanOrEqual(300);
    for (const a of rows) {
      expect(a.latitude).toBeGreaterThanOrEqual(KOSOVO_BOUNDS.latMin);
      expect(a.latitude).toBeLessThanOrEqual(KOSOVO_BOUNDS.latMax);
      expect(a.longitude).toBeGreaterThanOrEqual(KOSOVO_BOUNDS.lngMin);
      expect(a.longitude).toBeLessThanOrEqual(KOSOVO_BOUNDS.lngMax);
      expect(a.riskLevel).toBe({ '1': 'high', '2': 'medium', '3': 'low' }[a.risk ?? '']);
    }
    expect(new Set(rows.map((a) => a.municipality)).size).toBe(38);
    expect(new Set(rows.map((a) => a.status))).toEqual(new Set(['APPROVED', 'UPLOADED', 'REJECTED', 'PASSIVE']));
    expect(new Set(rows.map((a) => a.riskLevel))).toEqual(new Set(['high', 'medium', 'low']));
    expect(rows.filter((a) => a.status === 'APPROVED').length).toBeGreaterThan(rows.length / 2);
    expect(rows.some((a) => a.comments) && rows.some((a) => a.adminNote)).toBe(true);
    expect(new Set(rows.map((a) => a.uniqueId)).size).toBe(rows.length);
    const names = rows.map((a) => a.name);
    for (const real of [
      'Manastiri i Deçanit (Visoki Dečani)',
      'Kalaja e Prizrenit (Kalaja)',
      'Ulpiana',
      'DokuFest – Festivali Ndërkombëtar i Filmit Dokumentar',
    ]) {
      expect(names).toContain(real);
    }
  });

  it("keeps every asset's columns equal to its answers and follows the survey's rules", async () => {
    const qs = await db.select().from(questions);
    const options = await db.select().from(questionOptions);
    const rows = await db.select().from(assets);
    const given = await db.select().from(answers);
    const byIdentifier = new Map(qs.filter((q) => q.questionIdentifier).map((q) => [q.questionIdentifier, q.id]));
    const byAsset = new Map<string, typeof given>();
    for (const a of given) byAsset.set(a.assetId, [...(byAsset.get(a.assetId) ?? []), a]);
    const optionById = new Map(options.map((o) => [o.id, o]));
    const questionById = new Map(qs.map((q) => [q.id, q]));

    for (const asset of rows) {
      const mine = byAsset.get(asset.id) ?? [];
      const value = (identifier: string) =>
        mine.filter((a) => a.questionId === byIdentifier.get(identifier)).map((a) => a.value);
      expect(value('ASSET_NAME')).toEqual([asset.name]);
      expect(value('MUNICIPALITY_NAME')).toEqual([asset.municipality]);
      expect(value('VILLAGE_NAME')).toEqual([asset.village]);
      expect(value('ASSET_TYPE')).toEqual([asset.assetType]);
      expect(value('USABILITY')).toEqual([asset.usability]);
      expect(value('ACCESS')).toEqual([asset.access]);
      expect(value('RISK_LEVEL')).toEqual([asset.risk]);

      const answeredNrs = new Set(mine.map((a) => questionById.get(a.questionId)?.questionNr));
      for (const a of mine) {
        const question = questionById.get(a.questionId);
        if (question?.questionType === 'TEXT') {
          expect(a.optionId).toBeNull();
          continue;
        }
        const option = optionById.get(a.optionId ?? -1);
        expect(option?.questionId).toBe(a.questionId);
        expect(option?.value).toBe(a.value);
        if (option?.conditionalParentQuestionId) {
          const parent = mine.find((p) => p.questionId === option.conditionalParentQuestionId);
          expect(parent?.value).toBe(option.conditionalParentQuestionValue);
        }
        // Skip logic: nothing answered between this question and the target (or after, for END_SURVEY).
        if (option?.validateType === 'NEXT_QUESTION' || option?.validateType === 'END_SURVEY') {
          const after = (nr: string, than: string) => nr.localeCompare(than, undefined, { numeric: true }) > 0;
          for (const nr of answeredNrs) {
            if (!nr || !after(nr, question?.questionNr ?? '')) continue;
            if (option.validateType === 'END_SURVEY') throw new Error(`${asset.name}: ${nr} answered after END_SURVEY`);
            expect(
              after(nr, option.toQuestionNr ?? '') ||
                nr === option.toQuestionNr ||
                nr.startsWith(`${option.toQuestionNr}.`),
            ).toBe(true);
          }
        }
        if (option?.isAnother) expect(a.value2).toBeTruthy();
        if (question?.questionType === 'SELECT_AND_TEXT') expect(a.value2).toBeTruthy();
      }
    }
    expect(given.some((a) => optionById.get(a.optionId ?? -1)?.isAnother)).toBe(true);
    expect(given.some((a) => optionById.get(a.optionId ?? -1)?.conditionalParentQuestionId)).toBe(true);
  });

  it('writes a PNG for every photo and the PDF or Word file of every guideline', async () => {
    const photos = await db.select().from(media).where(eq(media.type, 'PHOTO'));
    expect(photos.length).toBeGreaterThanOrEqual(40);
    for (const m of photos) {
      expect(m).toMatchObject({ type: 'PHOTO', contentType: 'image/png' });
      const file = join(dataDir, 'blobs', m.path);
      expect(statSync(file).size).toBe(m.size);
      expect((await readFile(file)).subarray(1, 4).toString()).toBe('PNG');
    }
    const docs = await db.select().from(guidelines);
    expect(docs.filter((d) => d.contentType === 'pdf').length).toBeGreaterThanOrEqual(2);
    expect(docs.filter((d) => d.contentType === 'word').length).toBeGreaterThanOrEqual(1);
    for (const d of docs) {
      const bytes = await readFile(join(dataDir, 'blobs', d.path));
      expect(bytes.length).toBe(d.size);
      if (d.contentType === 'pdf') {
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      } else {
        // A .docx is a ZIP whose main part is word/document.xml.
        expect(d.path).toMatch(/\.docx$/);
        expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
        expect(bytes.includes('word/document.xml')).toBe(true);
      }
    }
  });

  it('gives approved assets a file of every other media type, stored with its content type and size', async () => {
    const others = await db
      .select({
        type: media.type,
        contentType: media.contentType,
        size: media.size,
        path: media.path,
        status: assets.status,
      })
      .from(media)
      .innerJoin(assets, eq(assets.id, media.assetId))
      .where(sql`${media.type} <> 'PHOTO'`);
    expect(new Set(others.map((m) => m.type))).toEqual(
      new Set(['VIDEO', 'AUDIO', 'PDF', 'THREE_D', 'THREE_SIXTY_VIDEO']),
    );
    // What each file starts with, so a viewer given its content type can open it.
    const signatures: Record<string, string> = {
      'video/webm': '1a45dfa3',
      'audio/wav': Buffer.from('RIFF').toString('hex'),
      'application/pdf': Buffer.from('%PDF').toString('hex'),
      'model/gltf-binary': Buffer.from('glTF').toString('hex'),
      'image/png': '89504e47',
    };
    for (const m of others) {
      expect(m.status).toBe('APPROVED');
      const bytes = await readFile(join(dataDir, 'blobs', m.path));
      expect(bytes.length).toBe(m.size);
      expect(bytes.subarray(0, 4).toString('hex'), m.path).toBe(signatures[m.contentType ?? '']);
    }
    // 360° comes as a video and as a still panorama; the viewer tells them apart by content type.
    expect(
      others
        .filter((m) => m.type === 'THREE_SIXTY_VIDEO')
        .map((m) => m.contentType)
        .sort(),
    ).toEqual(['image/png', 'video/webm']);
  });
});

describe('seedDatabase with the azure blob store', () => {
  it('puts every demo file in the storage account, with its content type', { timeout: 120_000 }, async () => {
    const storage = await openTestStorage('azure');
    try {
      const { db, dataDir } = await freshDatabase();
      await seedDatabase(db, options(dataDir, { blobs: storage.store }).options);
      const files = [
        ...(await db.select({ path: media.path, size: media.size, contentType: media.contentType }).from(media)),
        ...(await db
          .select({ path: guidelines.path, size: guidelines.size, contentType: sql<null>`null` })
          .from(guidelines)),
      ];
      for (const file of files) {
        const stored = await storage.store.stat(file.path);
        expect(stored, file.path).toMatchObject({
          size: file.size,
          ...(file.contentType && { contentType: file.contentType }),
        });
      }
    } finally {
      await storage.close();
    }
  });
});

describe('seedDatabase without the demo', () => {
  it('creates only the admin, with the given password, which it never prints', async () => {
    const { db, dataDir } = await freshDatabase();
    const run = options(dataDir, { demo: false, adminUserName: 'root', adminPassword: 'correct horse battery staple' });
    await seedDatabase(db, run.options);

    const rows = await db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0]?.passwordHash ?? '', 'correct horse battery staple')).toBe(true);
    expect(run.messages.join('\n')).not.toContain('correct horse');
    for (const table of [datasets, surveys, questions, assets, media, guidelines])
      expect(await count(db, table)).toBe(0);
    const blobs = join(dataDir, 'blobs');
    expect(existsSync(blobs) ? readdirSync(blobs) : []).toEqual([]);
    expect((await db.select().from(users).where(eq(users.userName, 'root')))[0]?.role).toBe(2);
  });
});
