import type { RiskLevel } from '@trashegimia/contract/assets';

/** Spec §9: map centre, zoom 8, max zoom 19. */
export const MAP_CENTER: [number, number] = [42.6629, 21.1655];
export const MAP_ZOOM = 8;
export const MAP_MAX_ZOOM = 19;
/** An asset is drawn as a circle of 800 m. */
export const ASSET_CIRCLE_RADIUS_M = 800;

/** Risk colours: high red, medium orange, low yellow. */
export const RISK_COLORS: Record<RiskLevel, string> = { high: '#dc2626', medium: '#ea580c', low: '#eab308' };

/** A dataset without a pillColor is brown. */
export const DEFAULT_DATASET_COLOR = '#8b4513';

/** The embedded map shows a box of 0.01 degrees around the point. */
export const EMBED_BOX_DEGREES = 0.01;
