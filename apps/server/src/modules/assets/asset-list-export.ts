import type { z } from 'zod';
import type { AssetFilter, AssetStatus, RiskLevel } from '@trashegimia/contract/assets';
import type { Language } from '@trashegimia/contract/common';
import { deviceLabel } from '@trashegimia/contract/devices';
import type { Executor } from '../../db/client';
import { assetStatusOf, datasetNameOf, riskLevelOf } from './assets.presenter';
import type { ExportCursor } from './assets.repo';
import { listCriteria } from './assets.service';
import { selectAssetListBatch } from './asset-list-export.repo';
import { keysetBatches } from './keyset-batches';
import { localize } from '@trashegimia/contract/localized-text';

/** One asset of the review list as a spreadsheet row. */
export type AssetListRow = {
  id: string;
  name: string | null;
  municipality: string | null;
  village: string | null;
  surveyId: number;
  /** The survey's name in the export's language; null when it has none. */
  survey: string | null;
  dataset: string;
  status: AssetStatus;
  /** ISO 8601. */
  date: string;
  /** The account that submitted it; null for imported and seeded assets. */
  collector: string | null;
  device: string | null;
  latitude: number | null;
  longitude: number | null;
  riskLevel: RiskLevel;
  comments: string | null;
  adminNote: string | null;
};

/** As the dataset export's batches (see assets.export.ts): small enough for their rows to die young. */
const DEFAULT_BATCH_SIZE = 100;

/**
 * The back office's asset list as rows to write out (GET /surveys/assets/export): every asset its
 * filters match, found exactly as the list finds them (listCriteria, as an administrator sees
 * them), newest first, a batch at a time. Each call of the result starts a fresh pass.
 */
export function openAssetListExport(
  db: Executor,
  filter: z.output<typeof AssetFilter>,
  language: Language,
  options: { batchSize?: number } = {},
): () => AsyncIterable<AssetListRow[]> {
  const criteria = listCriteria(filter, true);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const read = (before: ExportCursor | null) => selectAssetListBatch(db, criteria, before, batchSize);
  return () =>
    keysetBatches(read, batchSize, (row) => ({
      id: row.id,
      name: row.name,
      municipality: row.municipality,
      village: row.village,
      surveyId: row.surveyId,
      survey: localize(row, 'surveyDescription', language),
      dataset: datasetNameOf(row, language),
      status: assetStatusOf(row.status),
      date: row.date.toISOString(),
      collector: row.collector,
      device: row.deviceMac === null ? null : deviceLabel({ mac: row.deviceMac, model: row.deviceModel }),
      latitude: row.latitude,
      longitude: row.longitude,
      riskLevel: riskLevelOf(row.riskLevel),
      comments: row.comments,
      adminNote: row.adminNote,
    }));
}
