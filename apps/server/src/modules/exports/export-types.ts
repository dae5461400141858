// The rows an export writes come from the assets module; the writers depend on these shapes only.
export type { DatasetExport, ExportColumn, ExportRow } from '../assets/assets.export';
export type { AssetListRow } from '../assets/asset-list-export';
