// The rows an export writes come from the assets module; the writers depend on these shapes only.
export type { AssetListRow, DatasetExport, ExportColumn, ExportRow } from '../assets';
