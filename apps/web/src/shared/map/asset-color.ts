import type { AssetSummary } from '@trashegimia/contract/assets';
import { DEFAULT_DATASET_COLOR, RISK_COLORS } from './map-constants';
import { recordsRisk } from '@trashegimia/contract/risk-levels';

/** The dataset's colour, or brown when it has none. */
export const datasetColor = (pillColor: string | null | undefined) => pillColor?.trim() || DEFAULT_DATASET_COLOR;

/**
 * An asset's colour on a map: its risk level's colour when the asset records a risk, otherwise the
 * dataset's colour (spec §9).
 */
export const assetColor = (asset: Pick<AssetSummary, 'risk' | 'riskLevel'>, fallbackColor: string) =>
  recordsRisk(asset.risk) ? RISK_COLORS[asset.riskLevel] : fallbackColor;

/** Whether both coordinates are real numbers; assets without them are left off maps (spec §5). */
export const hasCoordinates = <T extends Pick<AssetSummary, 'locationAlt' | 'locationLong'>>(
  asset: T,
): asset is T & { locationAlt: number; locationLong: number } =>
  typeof asset.locationAlt === 'number' &&
  typeof asset.locationLong === 'number' &&
  Number.isFinite(asset.locationAlt) &&
  Number.isFinite(asset.locationLong);
