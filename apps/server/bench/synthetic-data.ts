/**
 * Synthetic assets for the benchmark: N assets answering the demo survey, spread over the demo
 * datasets, written straight into the tables with COPY — through pg-copy-streams on a PostgreSQL
 * server, through `COPY … FROM '/dev/blob'` on PGlite. The demo must be seeded first: the survey's
 * questions and options are read back from the database, so every answer names a real option id.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { asc, eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, DatabaseHandle } from '../src/db/client';
import { datasets, questionOptions, questions, surveys, users } from '../src/db/schema/index';
import { DEMO_DATASETS, type DatasetKey } from '../src/db/seed/demo-datasets';
import { DEMO_QUESTION_TREE, type QuestionDef, type QuestionKey } from '../src/db/seed/demo-survey';
import { KOSOVO_BOUNDS } from '../src/db/seed/demo-assets';
import { KOSOVO_MUNICIPALITIES, type Municipality } from '../src/db/seed/kosovo-municipalities';
import { createRandom, type Random } from '../src/db/seed/random';
import { seedDatabase } from '../src/db/seed/seed';
import { createBlobStore } from '../src/storage/create-blob-store';
import { testConfig } from '../src/test/test-app';
import type { AnswerTuple } from '../src/modules/assets/assets.repo';
import { riskLevelFromRisk } from '@trashegimia/contract/risk-levels';

export type SyntheticOptions = {
  assets: number;
  /** The first dataset (Monumente) gets this many of them, so a whole-dataset export has this many rows. */
  exportRows: number;
  log: (message: string) => void;
};

export type LoadReport = {
  assets: number;
  answers: number;
  /** Generating the rows and streaming them through COPY. */
  copyMs: number;
  /** Rebuilding the secondary indexes dropped for the load. */
  indexMs: number;
  /** VACUUM (ANALYZE): statistics, and the visibility map that index-only scans rely on. */
  vacuumMs: number;
  totalMs: number;
  /** Synthetic assets per dataset id. */
  perDataset: Map<number, number>;
  exportDatasetId: number;
};

/** Assets per COPY chunk: about 20 answers each, so a chunk is ~10 MB of COPY text. */
const CHUNK_ASSETS = 5_000;
const DAY_MS = 86_400_000;

const ASSET_COLUMNS = [
  'id',
  'survey_id',
  'dataset_id',
  'unique_id',
  'name',
  'municipality',
  'village',
  'asset_type',
  'usability',
  'access',
  'risk',
  'risk_level',
  'date',
  'latitude',
  'longitude',
  'status',
  'comments',
  'admin_note',
  'user_id',
  'view_count',
  'option_ids',
  'created_at',
  'updated_at',
].join(', ');
const ANSWER_COLUMNS = 'asset_id, question_id, option_id, value, value2';
const ANSWER_TUPLE_COLUMNS = 'asset_id, tuples';

/** Asset types that fit each category (values of the survey's ASSET_TYPE options). */
const TYPES_BY_DATASET: Record<DatasetKey, string[]> = {
  monuments: [
    'Kullë',
    'Shtëpi tradicionale',
    'Xhami',
    'Kishë',
    'Manastir',
    'Teqe',
    'Hamam',
    'Urë',
    'Mulli',
    'Kullë sahati',
    'Monument përkujtimor',
    'Çezmë',
    'Tyrbe',
    'Han',
  ],
  archaeology: ['Vendbanim arkeologjik', 'Kala', 'Nekropol'],
  events: ['Festival', 'Manifestim tradicional'],
  landscapes: ['Grykë', 'Ujëvarë', 'Shpellë', 'Liqen', 'Mal', 'Burim'],
  publicSpaces: ['Shesh', 'Çarshi', 'Park', 'Rrugë historike'],
  creative: ['Muze', 'Galeri', 'Kinema', 'Teatër', 'Punishte zejtare', 'Qendër kulturore'],
};
/** The share of the assets beyond the export dataset's that each other category gets. */
const OTHER_DATASET_WEIGHTS: [DatasetKey, number][] = [
  ['archaeology', 15],
  ['landscapes', 12],
  ['publicSpaces', 10],
  ['creative', 10],
  ['events', 8],
];
const STATUS_WEIGHTS: [string, number][] = [
  ['APPROVED', 85],
  ['UPLOADED', 9],
  ['REJECTED', 3],
  ['PASSIVE', 3],
];
const SURNAMES = ['Krasniqi', 'Gashi', 'Berisha', 'Morina', 'Hoxha', 'Shala', 'Bytyqi', 'Kastrati', 'Hasani'];
const COMMENTS = [
  'Fotografitë u bënë në mëngjes, me dritë të mirë.',
  'Pronari lejoi qasjen edhe në brendësi.',
  'Nevojitet një vizitë e dytë për matje të sakta.',
  'Çatia ka nevojë urgjente për riparim.',
  'Banorët dhanë të dhëna për historinë e familjes.',
];
const DESCRIPTIONS = [
  'Ndërtim me mure të trasha guri, i ruajtur mirë në pjesën kryesore; fasada ka pësuar ndërhyrje të vogla.',
  'Aseti përmendet në dokumentet e arkivit komunal dhe në dëshmitë e banorëve të vjetër të fshatit.',
  'Gjendja është përkeqësuar në dekadën e fundit nga mungesa e mirëmbajtjes dhe moti i keq.',
  'Vendi vizitohet rregullisht nga banorët dhe mbahet pastër nga shoqata vendore.',
];
const SOURCE_DETAILS = ['Vizitë në terren, 2023', 'Arkivi Shtetëror i Kosovës', 'Monografia e komunës', 'Intervistë'];
const OTHER_MATERIALS = ['Kashtë', 'Llamarinë', 'Hekur i farkëtuar'];

type Option = { id: number; value: string; onlyWhenValue: string | null; isAnother: boolean };
type Question = { id: number; key: QuestionKey; type: string; options: Option[] };

type SurveyModel = {
  surveyId: number;
  adminId: number | null;
  /** Answerable questions in survey order. */
  questions: Question[];
  byKey: Map<QuestionKey, Question>;
  datasetIds: Map<DatasetKey, number>;
};

/** The administrator every bench database starts with. */
export const BENCH_ADMIN = { userName: 'admin', password: 'bench-admin-password' };

/** The demo, as a first start seeds it (datasets, the trilingual survey, a few hundred assets, media in `dataDir`). */
export async function seedBenchDemo(db: Database, dataDir: string) {
  await seedDatabase(db, {
    adminUserName: BENCH_ADMIN.userName,
    adminPassword: BENCH_ADMIN.password,
    demo: true,
    blobs: await createBlobStore(testConfig({ DATA_DIR: dataDir })),
    log: () => {},
  });
}

/** Fills the database with `options.assets` synthetic assets; the demo must already be seeded. */
export async function loadSyntheticAssets(handle: DatabaseHandle, options: SyntheticOptions): Promise<LoadReport> {
  const started = performance.now();
  const model = await readSurveyModel(handle);
  const sink = handle.driver === 'pg' ? await pgSink(handle) : pgliteSink(handle.pglite);
  const dropped = await dropSecondaryIndexes(sink);

  const generator = createGenerator(model, options);
  let answers = 0;
  try {
    for (let done = 0; done < options.assets; done += CHUNK_ASSETS) {
      const chunk = generator.chunk(Math.min(CHUNK_ASSETS, options.assets - done));
      answers += chunk.answerCount;
      await sink.copy('assets', chunk.assets);
      await sink.copy('answers', chunk.answers);
      await sink.copy('asset_answer_tuples', chunk.answerTuples);
      if ((done / CHUNK_ASSETS) % 40 === 39) options.log(`  … ${(done + CHUNK_ASSETS).toLocaleString('en')} assets`);
    }
    await sink.finish();
  } catch (error) {
    await sink.abort();
    throw error;
  }
  const copyMs = performance.now() - started;

  // The triggers that keep the counts were off too: count the loaded assets into the totals.
  await sink.exec('delete from asset_count_changes');
  await sink.exec('delete from asset_count_totals');
  await sink.exec(
    'insert into asset_count_totals (dataset_id, survey_id, status, count) select dataset_id, survey_id, status, count(*) from assets group by 1, 2, 3',
  );

  const indexStart = performance.now();
  for (const definition of dropped) await sink.exec(definition);
  const indexMs = performance.now() - indexStart;

  const vacuumStart = performance.now();
  await sink.exec('vacuum (analyze) assets, answers, asset_answer_tuples');
  const vacuumMs = performance.now() - vacuumStart;
  await sink.close();

  return {
    assets: options.assets,
    answers,
    copyMs,
    indexMs,
    vacuumMs,
    totalMs: performance.now() - started,
    perDataset: generator.perDataset,
    exportDatasetId: must(model.datasetIds.get('monuments'), 'dataset monuments'),
  };
}

// ——— the survey, as seeded ———

/** Question numbers as insert-survey gives them: the n-th child of 1.3 is 1.3.n. */
function numberTree(nodes: QuestionDef[], prefix = ''): [string, QuestionDef][] {
  return nodes.flatMap((def, i) => {
    const nr = `${prefix}${i + 1}`;
    return [[nr, def] as [string, QuestionDef], ...numberTree(def.children ?? [], `${nr}.`)];
  });
}

async function readSurveyModel({ db }: DatabaseHandle): Promise<SurveyModel> {
  const [survey] = await db.select({ id: surveys.id }).from(surveys).orderBy(asc(surveys.id)).limit(1);
  if (!survey) throw new Error('synthetic data: seed the demo first (no survey found)');
  const [admin] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  const questionRows = await db
    .select({ id: questions.id, nr: questions.questionNr, type: questions.questionType })
    .from(questions)
    .where(eq(questions.surveyId, survey.id));
  const optionRows = await db
    .select({
      id: questionOptions.id,
      questionId: questionOptions.questionId,
      value: questionOptions.value,
      onlyWhenValue: questionOptions.conditionalParentQuestionValue,
      isAnother: questionOptions.isAnother,
    })
    .from(questionOptions)
    .where(
      inArray(
        questionOptions.questionId,
        questionRows.map((q) => q.id),
      ),
    )
    .orderBy(asc(questionOptions.optionOrder));
  const byNr = new Map(questionRows.map((q) => [q.nr, q]));

  const list: Question[] = [];
  for (const [nr, def] of numberTree(DEMO_QUESTION_TREE)) {
    if (!def.type) continue;
    const row = must(byNr.get(nr), `question ${nr} (${def.key})`);
    const options = optionRows.filter((o) => o.questionId === row.id);
    list.push({ id: row.id, key: def.key, type: def.type, options });
  }
  const datasetRows = await db.select({ id: datasets.id, name: datasets.name }).from(datasets);
  const datasetIds = new Map<DatasetKey, number>();
  for (const d of DEMO_DATASETS) {
    datasetIds.set(d.key, must(datasetRows.find((row) => row.name === d.name)?.id, `dataset ${d.key}`));
  }
  return {
    surveyId: survey.id,
    adminId: admin?.id ?? null,
    questions: list,
    byKey: new Map(list.map((q) => [q.key, q])),
    datasetIds,
  };
}

// ——— generation ———

/** COPY text format: backslash, tab and line breaks escaped; `\N` is NULL. */
const NULL = '\\N';
const copyText = (value: string | null) => (value === null ? NULL : value.replace(/[\\\t\n\r]/g, escapeChar));
const escapeChar = (c: string) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r');

type Chunk = { assets: string; answers: string; answerTuples: string; answerCount: number };

function createGenerator(model: SurveyModel, options: SyntheticOptions) {
  const rng = createRandom(30_06_2025);
  const q = (key: QuestionKey) => must(model.byKey.get(key), `question ${key}`);
  /** The tail of an answer line for an option (everything after the asset id), built once. */
  const optionTail = new Map<number, string>();
  for (const question of model.questions) {
    for (const o of question.options)
      optionTail.set(o.id, `\t${question.id}\t${o.id}\t${copyText(o.value)}\t${NULL}\n`);
  }
  const option = (question: Question, value: string) =>
    must(
      question.options.find((o) => o.value === value),
      `option ${value} of ${question.key}`,
    );
  const municipalityWeights = KOSOVO_MUNICIPALITIES.map((m) => [m, m.radiusKm * m.radiusKm] as const);
  const exportCount = Math.min(options.assets, options.exportRows);
  const perDataset = new Map<number, number>();
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  let index = 0;

  function chunk(count: number): Chunk {
    const assetLines: string[] = [];
    const answerLines: string[] = [];
    const tupleLines: string[] = [];
    for (let i = 0; i < count; i++, index++) {
      const dataset = index < exportCount ? 'monuments' : rng.weighted(OTHER_DATASET_WEIGHTS);
      const datasetId = must(model.datasetIds.get(dataset), dataset);
      perDataset.set(datasetId, (perDataset.get(datasetId) ?? 0) + 1);
      const id = randomUUID();
      // assets.option_ids and asset_answer_tuples, which the answers' trigger keeps outside a load
      // (triggers are off here).
      const chosenOptionIds: number[] = [];
      const tuples: AnswerTuple[] = [];
      const answer = (
        question: Question,
        value: string,
        value2: string | null = null,
        optionId: number | null = null,
      ) => {
        if (optionId !== null) chosenOptionIds.push(optionId);
        tuples.push([question.id, optionId, value, value2]);
        answerLines.push(`${id}\t${question.id}\t${optionId ?? NULL}\t${copyText(value)}\t${copyText(value2)}\n`);
      };
      const choose = (question: Question, o: Option) => {
        chosenOptionIds.push(o.id);
        tuples.push([question.id, o.id, o.value, null]);
        answerLines.push(id + optionTail.get(o.id));
      };
      const pickOption = (key: QuestionKey) => {
        const question = q(key);
        const chosen = rng.pick(question.options);
        choose(question, chosen);
        return chosen.value;
      };
      /** Multiple choice: 1–3 options; 'other' carries its text in value2. */
      const pickSome = (key: QuestionKey) => {
        const question = q(key);
        for (const o of rng.some(question.options, 1, 3)) {
          if (o.isAnother) answer(question, o.value, rng.pick(OTHER_MATERIALS), o.id);
          else choose(question, o);
        }
      };

      const m = rng.weighted(municipalityWeights);
      const village = rng.pick(m.villages);
      const assetType = rng.pick(TYPES_BY_DATASET[dataset]);
      const name = `${assetType} e familjes ${rng.pick(SURNAMES)}, ${village}`;
      const { lat, lng } = jitter(m, rng);

      answer(q('assetName'), name);
      choose(q('assetType'), option(q('assetType'), assetType));
      choose(q('municipality'), option(q('municipality'), m.xk));
      answer(q('village'), village);
      const access = pickOption('access');
      pickOption('period');
      answer(q('yearBuilt'), String(rng.int(1750, 2020)));
      answer(q('description'), `${rng.pick(DESCRIPTIONS)} ${m.xk}, ${village}.`);
      const condition = pickOption('condition');
      pickSome('materials');
      const usability = pickOption('usability');
      const bad = condition === 'Rrënojë' || condition === 'E dobët';
      const risk = rng.weighted<string>([
        ['1', bad ? 3 : 1],
        ['2', bad ? 2 : 3],
        ['3', bad ? 1 : 5],
      ]);
      choose(q('risk'), option(q('risk'), risk));
      pickSome('threats');
      pickOption('ownership');
      const protection = pickOption('protectionStatus');
      const protectionTypes = q('protectionType').options.filter((o) => o.onlyWhenValue === protection);
      if (protectionTypes.length > 0) choose(q('protectionType'), rng.pick(protectionTypes));
      const source = q('source');
      const sourceOption = rng.pick(source.options);
      answer(source, sourceOption.value, rng.pick(SOURCE_DETAILS), sourceOption.id);
      pickOption('hasDocumentation');
      pickSome('documentationTypes');

      // Over the last five years, at a working hour.
      const date = new Date(today - rng.int(0, 5 * 365) * DAY_MS + rng.int(8 * 60, 17 * 60) * 60_000).toISOString();
      const status = rng.weighted(STATUS_WEIGHTS);
      assetLines.push(
        [
          id,
          model.surveyId,
          datasetId,
          randomUUID(),
          copyText(name),
          copyText(m.xk),
          copyText(village),
          copyText(assetType),
          copyText(usability),
          copyText(access),
          risk,
          riskLevelFromRisk(risk),
          date,
          lat,
          lng,
          status,
          rng.chance(0.3) ? copyText(rng.pick(COMMENTS)) : NULL,
          status === 'REJECTED' ? 'Të dhënat nuk janë të plota.' : NULL,
          model.adminId ?? NULL,
          rng.int(0, 300),
          `{${chosenOptionIds.join(',')}}`,
          date,
          date,
        ].join('\t') + '\n',
      );
      tupleLines.push(`${id}\t${copyText(JSON.stringify(tuples))}\n`);
    }
    return {
      assets: assetLines.join(''),
      answers: answerLines.join(''),
      answerTuples: tupleLines.join(''),
      answerCount: answerLines.length,
    };
  }
  return { chunk, perDataset };
}

/** A point within the municipality's radius of its seat, inside Kosovo. */
function jitter(m: Municipality, rng: Random) {
  const r = m.radiusKm * Math.sqrt(rng.next());
  const angle = rng.next() * 2 * Math.PI;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const lat = clamp(m.lat + (r * Math.sin(angle)) / 111, KOSOVO_BOUNDS.latMin, KOSOVO_BOUNDS.latMax);
  const lng = clamp(
    m.lng + (r * Math.cos(angle)) / (111 * Math.cos((m.lat * Math.PI) / 180)),
    KOSOVO_BOUNDS.lngMin,
    KOSOVO_BOUNDS.lngMax,
  );
  return { lat: lat.toFixed(6), lng: lng.toFixed(6) };
}

// ——— loading ———

const COLUMNS = { assets: ASSET_COLUMNS, answers: ANSWER_COLUMNS, asset_answer_tuples: ANSWER_TUPLE_COLUMNS };
type Table = keyof typeof COLUMNS;

type Sink = {
  copy: (table: Table, text: string) => Promise<void>;
  exec: (statement: string) => Promise<void>;
  /** Ends the COPYs. */
  finish: () => Promise<void>;
  abort: () => Promise<void>;
  close: () => Promise<void>;
  query: <T>(statement: string) => Promise<T[]>;
};

/**
 * Foreign keys are not checked and triggers do not fire during the load (session_replication_role
 * = replica: the rows are generated consistent, option_ids and asset_counts computed here), and the secondary indexes are built once at the end rather than row by row.
 */
const LOAD_SETTINGS = ["set session_replication_role = 'replica'", "set maintenance_work_mem = '512MB'"];

/**
 * On a server: one connection and COPY stream per table, so PostgreSQL parses answers while Node
 * generates the next chunk; writes wait for the stream to drain.
 */
async function pgSink(handle: DatabaseHandle): Promise<Sink> {
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const tables = Object.keys(COLUMNS) as Table[];
  const clients = Object.fromEntries(
    await Promise.all(tables.map(async (table) => [table, await pool.connect()] as const)),
  ) as Record<Table, pg.PoolClient>;
  const all = Object.values(clients);
  for (const client of all) {
    for (const statement of [...LOAD_SETTINGS, 'set synchronous_commit = off']) await client.query(statement);
  }
  let failure: Error | null = null;
  let streams: Record<Table, ReturnType<typeof copyFrom>> | null = null;
  const open = () => {
    if (!streams) {
      streams = Object.fromEntries(
        tables.map((table) => [table, clients[table].query(copyFrom(`copy ${table} (${COLUMNS[table]}) from stdin`))]),
      ) as Record<Table, ReturnType<typeof copyFrom>>;
      for (const stream of Object.values(streams)) stream.on('error', (error) => (failure ??= error));
    }
    return streams;
  };
  return {
    // Waits only for the previous chunk to drain, so the next one is generated meanwhile.
    copy: async (table, text) => {
      const stream = open()[table];
      if (stream.writableNeedDrain) await once(stream, 'drain');
      if (failure) throw failure;
      stream.write(text);
    },
    finish: async () => {
      if (!streams) return;
      const copies = Object.values(streams);
      for (const stream of copies) stream.end();
      await Promise.all(copies.map((stream) => finished(stream)));
    },
    abort: async () => {
      for (const stream of Object.values(streams ?? {})) stream.destroy();
      for (const client of all) client.release(true);
    },
    exec: async (statement) => {
      await clients.assets.query(statement);
    },
    query: async <T>(statement: string) => (await clients.assets.query(statement)).rows as T[],
    close: async () => {
      for (const client of all) {
        await client.query('reset all');
        client.release();
      }
    },
  };
}

/** On PGlite: each chunk is one COPY from a Blob (PGlite's `/dev/blob`). */
function pgliteSink(client: PGlite): Sink {
  let prepared = false;
  const prepare = async () => {
    if (prepared) return;
    prepared = true;
    for (const statement of LOAD_SETTINGS) await client.exec(statement);
  };
  return {
    copy: async (table, text) => {
      await prepare();
      await client.query(`copy ${table} (${COLUMNS[table]}) from '/dev/blob'`, [], { blob: new Blob([text]) });
    },
    finish: async () => {},
    abort: async () => {},
    exec: async (statement) => {
      await prepare();
      await client.exec(statement);
    },
    query: async <T>(statement: string) => (await client.query<T>(statement)).rows,
    close: async () => {
      await client.exec('reset all');
    },
  };
}

/**
 * Drops the indexes of assets and answers that back no constraint, returning their definitions
 * (read from the catalog, so whatever the migrations define is what gets rebuilt).
 */
async function dropSecondaryIndexes(sink: Sink): Promise<string[]> {
  const rows = await sink.query<{ name: string; definition: string }>(`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    where t.relname in ('assets', 'answers')
      and t.relnamespace = 'public'::regnamespace
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`);
  for (const row of rows) await sink.exec(`drop index "${row.name}"`);
  return rows.map((row) => row.definition);
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`synthetic data: missing ${what}`);
  return value;
}
