import { RiskLevel, type RespondentSummary, type SummaryBucket } from '@trashegimia/contract/assets';

/** One bar of a chart: what it counts, how it is labelled, and its colour. */
export type ChartBar = { key: string; label: string; count: number; color: string };

/** Bar keys: a stored value's is prefixed, so a municipality called 'other' cannot collide with the 'other' bar. */
const keyOf = (value: string | null) => (value === null ? 'none' : `value:${value}`);
const OTHER_KEY = 'other';

/**
 * The largest `top` buckets as bars (the server sends them largest first), then one 'other' bar for
 * the rest, so a dataset spread over many municipalities still reads at a glance. The bucket of
 * assets without a value (null) is labelled like any other.
 */
export const topBars = (
  buckets: SummaryBucket[],
  {
    top,
    labelOf,
    otherLabel,
    color,
  }: { top: number; labelOf: (value: string | null) => string; otherLabel: string; color: string },
): ChartBar[] => {
  // One leftover bucket is shown as itself: an 'other' bar would hide its name and save nothing.
  const shown = buckets.length > top + 1 ? buckets.slice(0, top) : buckets;
  const bars = shown.map((bucket) => ({
    key: keyOf(bucket.value),
    label: labelOf(bucket.value),
    count: bucket.count,
    color,
  }));
  const rest = buckets.slice(shown.length).reduce((sum, bucket) => sum + bucket.count, 0);
  return shown.length < buckets.length ? [...bars, { key: OTHER_KEY, label: otherLabel, count: rest, color }] : bars;
};

/** The three risk levels, always in the order high, medium, low, in the map's colours. */
export const riskBars = (
  byRiskLevel: RespondentSummary['byRiskLevel'],
  { labelOf, colors }: { labelOf: (level: RiskLevel) => string; colors: Record<RiskLevel, string> },
): ChartBar[] =>
  RiskLevel.options.map((level) => ({
    key: level,
    label: labelOf(level),
    count: byRiskLevel.find((bucket) => bucket.value === level)?.count ?? 0,
    color: colors[level],
  }));
