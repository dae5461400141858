import { compareAlbanian, compareCodePoints } from '@trashegimia/contract/albanian-order';
import { RiskLevel, type RespondentSummary, type SummaryBucket } from '@trashegimia/contract/assets';
import type { AssetCountRow } from './asset-summary.repo';
import { riskLevelOf } from './assets.presenter';

/**
 * Largest count first; equal counts by value in the Albanian alphabet, the assets without one last.
 * Values equal but for case or accents keep their code point order, so the order is stable.
 */
const byCountThenValue = (a: SummaryBucket, b: SummaryBucket) =>
  b.count - a.count ||
  (a.value === null || b.value === null
    ? Number(a.value === null) - Number(b.value === null)
    : compareAlbanian(a.value, b.value) || compareCodePoints(a.value, b.value));

/**
 * The counts as the analytics' charts read them. Every risk level is listed, with zero when no
 * asset has it (ties keep the order high, medium, low); a stored level the contract does not know
 * counts as low, as everywhere else.
 */
export function presentRespondentSummary(rows: AssetCountRow[]): RespondentSummary {
  const risk = new Map(RiskLevel.options.map((level) => [level, 0]));
  const buckets = (dimension: AssetCountRow['dimension']) =>
    rows
      .filter((row) => row.dimension === dimension)
      .map(({ value, count }) => ({ value, count }))
      .sort(byCountThenValue);
  for (const row of rows) {
    if (row.dimension !== 'riskLevel') continue;
    const level = riskLevelOf(row.value ?? '');
    risk.set(level, (risk.get(level) ?? 0) + row.count);
  }
  return {
    totalItems: rows.find((row) => row.dimension === 'total')?.count ?? 0,
    byMunicipality: buckets('municipality'),
    byRiskLevel: [...risk].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count),
    byType: buckets('type'),
  };
}
