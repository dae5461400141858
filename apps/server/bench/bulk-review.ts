/**
 * Bulk review: 10,000 assets approved with one note in one call (PATCH /surveys/assets/status,
 * ids form), through the real server. One UPDATE and one audit entry per asset, in one
 * transaction; the target is on the PostgreSQL server.
 */
import { asc, sql } from 'drizzle-orm';
import { type BulkAssetStatusResult, MAX_BULK_ASSET_IDS } from '@trashegimia/contract/assets';
import type { Database } from '../src/db/client';
import { assets } from '../src/db/schema/index';
import { markdownTable } from './report';

export const BULK_REVIEW_TARGET_MS = 2_000;

export type BulkReviewResult = { assets: number; ms: number; updated: number };

/** Up to 10,000 assets, those awaiting review first (read while the bench still holds the database). */
export async function pickBulkReviewIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .orderBy(sql`${assets.status} = 'APPROVED'`, asc(assets.id))
    .limit(MAX_BULK_ASSET_IDS);
  return rows.map((row) => row.id);
}

export async function measureBulkReview(
  baseUrl: string,
  ids: string[],
  headers: Record<string, string>,
): Promise<BulkReviewResult> {
  // A note no asset has yet, so every named asset really changes (and is audited).
  const body = JSON.stringify({ ids, status: 'APPROVED', adminNote: `bench review ${new Date().toISOString()}` });
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/surveys/assets/status`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`bulk review answered ${response.status}: ${text.slice(0, 300)}`);
  const result = JSON.parse(text) as BulkAssetStatusResult;
  if (result.updated !== ids.length) throw new Error(`bulk review changed ${result.updated} of ${ids.length} assets`);
  return { assets: ids.length, ms, updated: result.updated };
}

export function printBulkReviewReport(label: string, result: BulkReviewResult) {
  console.log(`\n${label}: bulk review (one call, one transaction, an audit entry per asset)\n`);
  console.log(
    markdownTable(
      ['scenario', 'assets', 'ms', 'target ms'],
      [
        [
          `PATCH /api/surveys/assets/status (${result.assets.toLocaleString('en')} ids → APPROVED)`,
          result.updated,
          result.ms.toFixed(0),
          `≤ ${BULK_REVIEW_TARGET_MS.toLocaleString('en')}${label === 'PostgreSQL server' ? '' : ' (on the PostgreSQL server)'} ${result.ms <= BULK_REVIEW_TARGET_MS ? '✓' : '✗'}`,
        ],
      ],
    ),
  );
}
