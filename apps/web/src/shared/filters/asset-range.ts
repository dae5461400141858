import type { AssetRangeQuery } from '@trashegimia/contract/assets';
import type { z } from 'zod';

/** A box of coordinates: the part of the map in view when the visitor asked for it. */
export type MapArea = { latMin: number; lngMin: number; latMax: number; lngMax: number };

/** When and where a list or map looks: days from and to (YYYY-MM-DD, either open) and a map area. */
export type AssetRange = { from: string | null; to: string | null; area: MapArea | null };

export const NO_RANGE: AssetRange = { from: null, to: null, area: null };

/** The address keeps the range in these parameters, the same on the dataset page and the map. */
export const RANGE_PARAM = { from: 'from', to: 'to', area: 'area' } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** About 10 m: enough for a map's view, and a short address. */
const AREA_DECIMALS = 4;

const dayOf = (value: string | null) => (value !== null && DAY.test(value) ? value : null);

/** `south,west,north,east` (latMin,lngMin,latMax,lngMax); anything else is no area. */
const parseArea = (value: string | null): MapArea | null => {
  const parts = value?.split(',').map(Number);
  if (parts?.length !== 4 || parts.some((part) => !Number.isFinite(part))) return null;
  const [latMin, lngMin, latMax, lngMax] = parts as [number, number, number, number];
  return { latMin, lngMin, latMax, lngMax };
};

export const readRange = (params: URLSearchParams): AssetRange => ({
  from: dayOf(params.get(RANGE_PARAM.from)),
  to: dayOf(params.get(RANGE_PARAM.to)),
  area: parseArea(params.get(RANGE_PARAM.area)),
});

/** Writes the range into `params`, leaving out what is not set. */
export const writeRange = (params: URLSearchParams, { from, to, area }: AssetRange) => {
  const set = (name: string, value: string | null) => (value ? params.set(name, value) : params.delete(name));
  set(RANGE_PARAM.from, from);
  set(RANGE_PARAM.to, to);
  set(
    RANGE_PARAM.area,
    area && [area.latMin, area.lngMin, area.latMax, area.lngMax].map((n) => n.toFixed(AREA_DECIMALS)).join(','),
  );
};

/**
 * A view of the map as an area the API accepts: within the earth's coordinates (a view zoomed out
 * or panned past the date line reaches beyond them), rounded as the address keeps it.
 */
export const areaOfView = (south: number, west: number, north: number, east: number): MapArea => {
  const round = (value: number, limit: number) =>
    Number(Math.min(limit, Math.max(-limit, value)).toFixed(AREA_DECIMALS));
  return { latMin: round(south, 90), lngMin: round(west, 180), latMax: round(north, 90), lngMax: round(east, 180) };
};

/** The range as the API's parameters (dateFrom, dateTo, latMin…lngMax), leaving out what is not set. */
export const rangeQuery = ({ from, to, area }: AssetRange): z.output<typeof AssetRangeQuery> => ({
  ...(from && { dateFrom: from }),
  ...(to && { dateTo: to }),
  ...area,
});

export const hasRange = ({ from, to, area }: AssetRange) => Boolean(from || to || area);
