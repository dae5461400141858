// The rows an export writes come from the assets module; the writers depend on these shapes only.
import type { DataLicence } from '@trashegimia/contract/system';

export type { AssetListRow, DatasetExport, ExportColumn, ExportRow } from '../assets';

/**
 * What a file tells of the terms of its data: the licence it is offered under, when the dataset's
 * published data last changed (null: it has none), and a suggested citation of the dataset where the
 * file holds the dataset or part of it (an asset's PDF cites the asset instead).
 */
export type DataTerms = { licence: DataLicence; lastUpdate: Date | null; citation?: string };
