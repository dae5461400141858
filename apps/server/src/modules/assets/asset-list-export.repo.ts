import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets, datasets, devices, surveys, users } from '../../db/schema/index';
import { Bindings, runPrepared } from '../../db/prepared';
import { type AssetCriteria, type ExportCursor, assetWhere } from './assets.repo';

/**
 * One keyset batch of the review list's export, newest first: the assets that match, each with
 * its survey's names, its dataset's name and who collected it with which device. As the dataset
 * export's batches (selectExportBatch), the row comparison resumes exactly before the cursor and
 * each batch is one prepared statement.
 */
export async function selectAssetListBatch(
  db: Executor,
  criteria: AssetCriteria,
  before: ExportCursor | null,
  limit: number,
) {
  const bindings = new Bindings();
  const where = and(
    assetWhere(criteria, bindings.bind),
    before
      ? sql`(${assets.date}, ${assets.id}) < (${bindings.bind('beforeDate', before.date)}::timestamptz, ${bindings.bind('beforeId', before.id)}::uuid)`
      : undefined,
  );
  const limitPlaceholder = bindings.bind('limit', limit);
  const shape = [criteria.publicOnly, bindings.names].join();
  return runPrepared(
    db,
    'asset_list_batch',
    shape,
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
          datasetName: datasets.name,
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
        .where(where)
        .orderBy(desc(assets.date), desc(assets.id))
        .limit(limitPlaceholder),
    bindings.values,
  );
}
