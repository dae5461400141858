// The rows an export writes come from the assets module; the writers depend on these shapes only.
import type { DataLicence } from '@trashegimia/contract/system';

export type { AssetListRow, DatasetExport, ExportColumn, ExportRow } from '../assets';

/**
 * What a file tells of the terms of its data: the licence it is offered under, and when the
 * dataset's published data last changed (null: it has none), the date a citation of it names.
 */
export type DataTerms = { licence: DataLicence; lastUpdate: Date | null };
