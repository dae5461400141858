import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets, datasets, devices, surveys, users } from '../../db/schema/index';
import { runPrepared } from '../../db/prepared';
import type { AssetCriteria } from '../asset-search';
import { type ExportCursor, keysetBatch } from './assets.repo';

/**
 * One keyset batch of the review list's export, newest first: the assets that match, each with
 * its survey's names, its dataset's names and who collected it with which device. As the dataset
 * export's batches (selectExportBatch), the row comparison resumes exactly before the cursor and
 * each batch is one prepared statement.
 */
export async function selectAssetListBatch(
  db: Executor,
  criteria: AssetCriteria,
  before: ExportCursor | null,
  limit: number,
) {
  const batch = keysetBatch(criteria, before, limit, 'desc');
  return runPrepared(
    db,
    'asset_list_batch',
    batch.shape,
    () =>
      db
        .select({
          id: assets.id,
          name: assets.name,
          municipality: assets.municipality,
          village: assets.village,
          surveyDescriptionXk: surveys.descriptionXk,
          surveyDescriptionEn: surveys.descriptionEn,
          surveyDescriptionSr: surveys.descriptionSr,
          surveyId: assets.surveyId,
          // The dataset's three names: `name` is the Albanian one.
          datasetNameXk: datasets.name,
          datasetNameEn: datasets.nameEn,
          datasetNameSr: datasets.nameSr,
          status: assets.status,
          date: assets.date,
          collector: users.userName,
          deviceMac: devices.mac,
          deviceModel: devices.model,
          latitude: assets.latitude,
          longitude: assets.longitude,
          riskLevel: assets.riskLevel,
          comments: assets.comments,
          adminNote: assets.adminNote,
          cursorDate: sql<string>`${assets.date}::text`,
        })
        .from(assets)
        .innerJoin(datasets, eq(datasets.id, assets.datasetId))
        .innerJoin(surveys, eq(surveys.id, assets.surveyId))
        .leftJoin(users, eq(users.id, assets.userId))
        .leftJoin(devices, eq(devices.id, assets.deviceId))
        .where(batch.where)
        .orderBy(...batch.order)
        .limit(batch.limit),
    batch.values,
  );
}
