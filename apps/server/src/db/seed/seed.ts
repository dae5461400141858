import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { WritableBlobStore } from '../../storage/blob-store';
import type { Database, Executor } from '../client';
import { answers, assets, datasets, devices, guidelines, media, questionLibrary, users } from '../schema/index';
import { generatePassword } from '../../modules/auth/passwords';
import { createAdmin } from './admin';
import { DEMO_DEVICES, DEMO_LIBRARY_QUESTIONS } from './demo-back-office';
import { generateDemoAssets } from './demo-assets';
import { DEMO_DATASETS, type DatasetKey } from './demo-datasets';
import { demoGuidelineFiles } from './demo-guidelines';
import { drawDemoPhoto } from './demo-images';
import { buildDemoMedia } from './demo-media';
import { insertDemoSurvey } from './insert-survey';
import { createRandom } from './random';

export type SeedOptions = {
  adminUserName: string;
  /** When absent a strong one is generated and logged once. */
  adminPassword?: string;
  demo: boolean;
  /** Where the demo's files go: the configured blob store, local or azure. */
  blobs: Pick<WritableBlobStore, 'put'>;
  log: (message: string) => void;
};

/** Any constant shared by every instance: two servers starting together seed once. */
const SEED_LOCK_KEY = 7_202_008;
const SYSTEM = 'system';

/**
 * First-start data (docs/operations.md, 'First start'): on a database without users, the admin account and, unless
 * `demo` is false, the demo — all in one transaction, so a crash leaves nothing half-done and a
 * restart finds either nothing (and seeds) or a user (and does nothing).
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<void> {
  const started = performance.now();
  const password = options.adminPassword ? options.adminPassword : generatePassword();
  const demo = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const anyUser = await tx.select({ id: users.id }).from(users).limit(1);
    if (anyUser.length > 0) return null;
    const adminId = await createAdmin(tx, options.adminUserName, password);
    return options.demo ? loadDemo(tx, adminId, options.blobs) : { assets: 0, photos: 0, otherMedia: 0 };
  });
  if (!demo) return;

  // Only after the commit: a password for an account that was rolled back would mislead.
  options.log(
    options.adminPassword
      ? `Admin account created: user "${options.adminUserName}", with the password from ADMIN_PASSWORD.`
      : `Admin account created: user "${options.adminUserName}", password "${password}" — shown only this once.`,
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  options.log(
    options.demo
      ? `Demo data loaded: ${DEMO_DATASETS.length} datasets, 1 survey, ${demo.assets} assets, ${demo.photos} photos, ${demo.otherMedia} other media files (${seconds} s).`
      : `Demo data skipped (SEED_DEMO=false).`,
  );
}

async function loadDemo(tx: Executor, adminId: number, blobs: SeedOptions['blobs']) {
  const datasetRows = await tx
    .insert(datasets)
    .values(DEMO_DATASETS.map(({ key: _key, ...dataset }) => ({ ...dataset, isActive: true })))
    .returning({ id: datasets.id });
  const datasetIds = new Map<DatasetKey, number>();
  DEMO_DATASETS.forEach((d, i) => datasetIds.set(d.key, must(datasetRows[i]?.id, 'dataset')));

  const survey = await insertDemoSurvey(tx, must(datasetIds.get('monuments'), 'dataset'), SYSTEM);
  const deviceIds = (
    await tx
      .insert(devices)
      .values([...DEMO_DEVICES])
      .returning({ id: devices.id })
  ).map((d) => d.id);

  const demoAssets = generateDemoAssets(new Date());
  await insertInChunks(
    tx,
    assets,
    demoAssets.map((a, i) => ({
      id: a.id,
      surveyId: survey.surveyId,
      datasetId: must(datasetIds.get(a.dataset), 'dataset'),
      uniqueId: a.uniqueId,
      name: a.name,
      municipality: a.municipality,
      village: a.village,
      assetType: a.assetType,
      usability: a.usability,
      access: a.access,
      risk: a.risk,
      riskLevel: a.riskLevel,
      date: a.date,
      latitude: a.latitude,
      longitude: a.longitude,
      status: a.status,
      comments: a.comments,
      adminNote: a.adminNote,
      userId: adminId,
      // Most came from a field device; every tenth was entered in the back office.
      deviceId: i % 10 === 9 ? null : (deviceIds[i % deviceIds.length] ?? null),
      viewCount: a.viewCount,
      createdAt: a.date,
      updatedAt: a.date,
    })),
  );

  await insertInChunks(
    tx,
    answers,
    demoAssets.flatMap((a) =>
      a.answers.map((answer) => {
        const question = must(survey.questions.get(answer.question), `question ${answer.question}`);
        const optionId =
          question.type === 'TEXT'
            ? null
            : must(question.optionIds.get(answer.value), `option ${answer.value} of ${answer.question}`);
        return { assetId: a.id, questionId: question.id, optionId, value: answer.value, value2: answer.value2 ?? null };
      }),
    ),
  );

  const withPhotos = demoAssets.filter((a) => a.hasPhoto);
  const photos = withPhotos.map((a, i) => ({
    asset: a,
    path: `demo/${String(i + 1).padStart(3, '0')}-${slug(a.name)}.png`,
    bytes: drawDemoPhoto(a.dataset, createRandom(1000 + i)),
  }));
  await Promise.all(photos.map((p) => blobs.put(p.path, p.bytes, 'image/png')));
  await insertInChunks(
    tx,
    media,
    photos.map((p) => ({
      assetId: p.asset.id,
      path: p.path,
      type: 'PHOTO',
      contentType: 'image/png',
      size: p.bytes.length,
      createdBy: adminId,
      createdAt: p.asset.date,
    })),
  );

  const otherMedia = (await buildDemoMedia()).map((m) => {
    const asset = must(
      demoAssets.find((a) => a.name === m.assetName),
      `demo asset ${m.assetName}`,
    );
    return { ...m, asset, path: `demo/${slug(asset.name)}-${m.file}` };
  });
  await Promise.all(otherMedia.map((m) => blobs.put(m.path, m.bytes, m.contentType)));
  await insertInChunks(
    tx,
    media,
    otherMedia.map((m) => ({
      assetId: m.asset.id,
      path: m.path,
      type: m.type,
      contentType: m.contentType,
      size: m.bytes.length,
      originalName: m.file,
      createdBy: adminId,
      createdAt: m.asset.date,
    })),
  );

  const documents = demoGuidelineFiles().map((g) => ({ ...g, path: `guidelines/${g.file}` }));
  await Promise.all(documents.map((d) => blobs.put(d.path, d.bytes, DOCUMENT_CONTENT_TYPES[d.contentType])));
  await tx.insert(guidelines).values(
    documents.map((d) => ({
      title: d.title,
      path: d.path,
      contentType: d.contentType,
      size: d.bytes.length,
      createdBy: adminId,
    })),
  );
  await tx.insert(questionLibrary).values(DEMO_LIBRARY_QUESTIONS);

  return { assets: demoAssets.length, photos: photos.length, otherMedia: otherMedia.length };
}

/** Multi-row inserts, a few hundred rows each: far below PostgreSQL's 65 535 parameters per statement. */
async function insertInChunks<T extends PgTable>(tx: Executor, table: T, rows: PgInsertValue<T>[], size = 500) {
  for (let i = 0; i < rows.length; i += size) await tx.insert(table).values(rows.slice(i, i + size));
}

const DOCUMENT_CONTENT_TYPES = {
  pdf: 'application/pdf',
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

/** 'Kulla e Sahatit, Pejë' → 'kulla-e-sahatit-peje'. */
function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`seed: missing ${what}`);
  return value;
}
