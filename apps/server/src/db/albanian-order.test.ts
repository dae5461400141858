import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albanianSortKey, compareAlbanian, compareCodePoints } from '@trashegimia/contract/albanian-order';
import type { App } from '../app';
import { orderOf } from '../modules/asset-search/criteria';
import { createAsset, createDataset, createSurvey, createUser } from '../test/factories';
import { startTestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';
import { asAdmin, asGuest, asUser } from '../test/tokens';
import { type DatabaseHandle, rowsOf } from './client';
import { assets, guidelines } from './schema/index';

/**
 * Names sort in the Albanian alphabet on PGlite and on PostgreSQL alike (decision 0034): the
 * database's albanian_sort_key is the contract's albanianSortKey, their order is the Albanian
 * collation's, and every list that people read sorted by a name follows it.
 */
let database: DatabaseHandle;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The pairs and the alphabet's other letters with a base, each word before the next. */
const IN_ORDER = [
  'Cana',
  'Çeku',
  'Dardani',
  'Dushi, Gurrakoc',
  'Dushi, Gjonaj',
  'Dhima',
  'Elezi',
  'Ëmbla',
  'Gurrakoc',
  'Gjonaj',
  'Lura',
  'Llapi',
  'Nura',
  'Njeri',
  'Rama',
  'Rrahmani',
  'Sadiku',
  'Shala',
  'Tahiri',
  'Thaçi',
  'Xani',
  'Xhaka',
  'Zeka',
  'Zhuri',
];

/** Every order of IN_ORDER but its own: its words alternately from the ends. */
const scrambled = <T>(items: T[]) => items.map((_, i) => items[i % 2 ? i >> 1 : items.length - 1 - (i >> 1)]!);

/** The texts in the order the database gives, one statement; a JSON array keeps each text whole. */
async function databaseOrder(texts: string[], order: string) {
  const rows = rowsOf<{ text: string }>(
    await database.db.execute(
      sql`select t.text from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) as t(text)
          order by ${sql.raw(order)}`,
    ),
  );
  return rows.map((row) => row.text);
}

/** Albanian words: the alphabet's letters, digraphs whole, and spaces. */
const albanianWord = fc
  .tuple(
    fc.array(
      fc.constantFrom(
        ...'a b c ç d dh e ë f g gj h i j k l ll m n nj o p q r rr s sh t th u v w x xh y z zh'.split(' '),
        ' ',
      ),
      { minLength: 1, maxLength: 7 },
    ),
    fc.constantFrom('lower', 'Capitalized', 'UPPER'),
  )
  .map(([letters, form]) => {
    const word = letters.join('');
    if (form === 'UPPER') return word.toUpperCase();
    return form === 'Capitalized' ? word[0]!.toUpperCase() + word.slice(1) : word;
  });

/** One word per key: the collations may order words of equal key either way. */
const onePerKey = (words: string[]) => [...new Map(words.map((word) => [albanianSortKey(word), word])).values()];

describe('albanian_sort_key', () => {
  it("is the contract's albanianSortKey, whatever the text holds", async () => {
    const anyCharacter = fc.constantFrom(
      ...'aAbBcCçÇdDeEëËgGhHjJlLnNrRsStTxXzZwWqQyY',
      ...'ČčĆćŠšŽžĐđÉéÈèÊêÜüÖöÓóÄäÂâÁáÎîÍíÔôÛûÚú',
      'E\u0308',
      'c\u0327',
      ...' ,.-\'"(){|}~_019',
      ...'ЖжßİǄ\uFFFD',
      '\u{1F3DB}',
    );
    const texts = [
      ...IN_ORDER,
      '',
      ...fc.sample(fc.string({ unit: anyCharacter, maxLength: 12 }), { numRuns: 2000, seed: 5 }),
    ];
    const rows = rowsOf<{ text: string; key: string }>(
      await database.db.execute(
        sql`select t.text, albanian_sort_key(t.text) as key
            from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) as t(text)`,
      ),
    );
    expect(rows.map((row) => row.key)).toEqual(texts.map(albanianSortKey));
    // Its bytes in "C" order are the contract's code points in order.
    expect(await databaseOrder(texts, `albanian_sort_key(t.text) collate "C", t.text collate "C"`)).toEqual(
      [...texts].sort((a, b) => compareAlbanian(a, b) || compareCodePoints(a, b)),
    );
  });

  const words = onePerKey([...IN_ORDER, ...fc.sample(albanianWord, { numRuns: 1500, seed: 34 })]);

  it("orders as Node.js's Albanian collation (ICU)", async () => {
    expect(await databaseOrder(words, `albanian_sort_key(t.text) collate "C"`)).toEqual(
      [...words].sort(new Intl.Collator('sq').compare),
    );
  });

  it("orders as the server's Albanian collation, where it has sq-x-icu", async ({ skip }) => {
    const [icu] = rowsOf<{ present: boolean }>(
      await database.db.execute(sql`select exists (select from pg_collation where collname = 'sq-x-icu') as present`),
    );
    skip(!icu?.present, 'no sq-x-icu here: PGlite has only the root collation of ICU');
    expect(await databaseOrder(words, `albanian_sort_key(t.text) collate "C"`)).toEqual(
      await databaseOrder(words, `t.text collate "sq-x-icu"`),
    );
  });

  it("serves the dataset page's 'A - ZH' from its index", async () => {
    const page = database.db
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.datasetId, 1), eq(assets.status, 'APPROVED')))
      .orderBy(...orderOf({ sortBy: 'name', sortOrder: 'asc' }))
      .limit(20);
    const plan = await database.db.transaction(async (tx) => {
      // The tables are nearly empty, where reading them whole would win.
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${page}`)).map((row) => row['QUERY PLAN']);
    });
    expect(plan.join('\n')).toMatch(/Index Scan using assets_dataset_status_name_idx/);
    expect(plan.join('\n')).not.toMatch(/Sort/);
  });
});

describe('lists sorted by name, through the API', () => {
  it("sorts a dataset's assets by name in the Albanian alphabet, missing names last, either way", async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    for (const [i, name] of [...scrambled(IN_ORDER), null].entries()) {
      await createAsset(db, {
        surveyId: survey.id,
        datasetId: dataset.id,
        name,
        status: 'APPROVED',
        date: new Date(Date.UTC(2024, 0, 1 + i)),
      });
    }
    const names = async (url: string, headers: Record<string, string>) => {
      const response = await app.inject({ url, headers });
      expect(response.statusCode).toBe(200);
      return response.json().items.map((item: { name: string | null }) => item.name);
    };
    const page = `/api/surveys/dataset-respondents?datasetId=${dataset.id}&limit=100&sortBy=name`;
    expect(await names(`${page}&sortOrder=asc`, await asGuest())).toEqual([...IN_ORDER, null]);
    expect(await names(`${page}&sortOrder=desc`, await asGuest())).toEqual([...[...IN_ORDER].reverse(), null]);
    const reviewList = `/api/surveys/assets?datasetId=${dataset.id}&limit=100&sortBy=name&sortOrder=asc`;
    expect(await names(reviewList, await asAdmin(db))).toEqual([...IN_ORDER, null]);
  });

  it('sorts by municipality, and ties of the analytics counts, in the Albanian alphabet', async () => {
    const db = database.db;
    const towns = [
      'Deçan',
      'Dragash',
      'Dhërmi',
      'Ferizaj',
      'Graçanicë',
      'Gjakovë',
      'Lipjan',
      'Llausha',
      'Shtime',
      'Zhur',
    ];
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    for (const [i, municipality] of scrambled(towns).entries()) {
      await createAsset(db, {
        surveyId: survey.id,
        datasetId: dataset.id,
        municipality,
        status: 'APPROVED',
        date: new Date(Date.UTC(2024, 0, 1 + i)),
      });
    }
    const list = await app.inject({
      url: `/api/surveys/dataset-respondents?datasetId=${dataset.id}&limit=100&sortBy=municipality&sortOrder=asc`,
      headers: await asGuest(),
    });
    expect(list.json().items.map((item: { municipality: string }) => item.municipality)).toEqual(towns);

    const summary = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/summary',
      payload: { datasetId: dataset.id },
      headers: await asUser(db),
    });
    expect(summary.json().byMunicipality.map((bucket: { value: string }) => bucket.value)).toEqual(towns);
  });

  it('sorts datasets, guidelines and user names in the Albanian alphabet', async () => {
    const db = database.db;
    const words = ['Cana', 'Çeku', 'Dardani', 'Dhima', 'Ezi', 'Ëmbla', 'Gurrakoc', 'Gjonaj', 'Zeka', 'Zhuri'];
    const made = {
      datasets: new Map<number, string>(),
      guidelines: new Map<number, string>(),
      users: new Map<number, string>(),
    };
    for (const word of scrambled(words)) {
      made.datasets.set((await createDataset(db, { name: word })).id, word);
      const [guideline] = await db
        .insert(guidelines)
        .values({ title: word, path: `guidelines/${word}.pdf`, contentType: 'pdf' })
        .returning();
      made.guidelines.set(guideline!.id, word);
      made.users.set((await createUser(db, { userName: word })).id, word);
    }
    const ours = async (url: string, headers: Record<string, string>, mine: Map<number, string>) => {
      const response = await app.inject({ url, headers });
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .items.filter((item: { id: number }) => mine.has(item.id))
        .map((item: { id: number }) => mine.get(item.id));
    };
    const admin = await asAdmin(db);
    expect(await ours('/api/datasets?sortBy=name&limit=100', admin, made.datasets)).toEqual(words);
    expect(await ours('/api/datasets?sortBy=name&sortOrder=desc&limit=100', admin, made.datasets)).toEqual(
      [...words].reverse(),
    );
    expect(await ours('/api/guidelines?limit=100', await asGuest(), made.guidelines)).toEqual(words);
    expect(await ours('/api/users?sortBy=userName&limit=100', admin, made.users)).toEqual(words);
  });
});
