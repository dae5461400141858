import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { auditLog, media } from '../../db/schema/index';

export type MediaReferenceRow = {
  id: number;
  path: string;
  type: string;
  originalName: string | null;
  caption: string | null;
};

/** What may change of a reference the asset keeps. */
export type MediaReferenceChange = Partial<Pick<MediaReferenceRow, 'type' | 'originalName' | 'caption'>>;

/**
 * Makes other changes to this asset's media list wait until this transaction ends, so two
 * reconciliations of one asset never both add the same path.
 */
export async function lockAssetMedia(tx: Executor, assetId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media:${assetId}`}, 0))`);
}

export async function selectMediaReferences(db: Executor, assetId: string): Promise<MediaReferenceRow[]> {
  return db
    .select({
      id: media.id,
      path: media.path,
      type: media.type,
      originalName: media.originalName,
      caption: media.caption,
    })
    .from(media)
    .where(eq(media.assetId, assetId))
    .orderBy(media.id);
}

export async function insertMediaReferences(
  db: Executor,
  rows: {
    assetId: string;
    path: string;
    type: string;
    contentType: string | null;
    size: number;
    originalName: string | null;
    caption: string | null;
    createdBy: number;
  }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(media).values(rows);
}

export async function updateMediaReference(db: Executor, id: number, change: MediaReferenceChange): Promise<void> {
  await db.update(media).set(change).where(eq(media.id, id));
}

/** Drops references only; the files they named stay in the store. */
export async function deleteMediaReferences(db: Executor, assetId: string, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(media).where(and(eq(media.assetId, assetId), inArray(media.id, ids)));
}

/** A stored file under an asset's prefix. */
export type AssetFile = { assetId: string; path: string };

/**
 * Those of the files that no asset's media list has ever named: neither a reference now nor one
 * since dropped (the spec keeps a dropped reference's file), which the audit entries of the
 * asset's media list changes record.
 */
export async function selectNeverRegisteredFiles(db: Executor, files: AssetFile[]): Promise<AssetFile[]> {
  if (files.length === 0) return [];
  const assetIds = files.map((file) => file.assetId);
  const paths = files.map((file) => file.path);
  const result = await db.execute(sql`
    select f.asset_id as "assetId", f.path
    from unnest(${sql.param(assetIds)}::uuid[], ${sql.param(paths)}::text[]) as f(asset_id, path)
    where not exists (
        select 1 from ${media} where ${media.assetId} = f.asset_id and ${media.path} = f.path
      )
      and not exists (
        select 1 from ${auditLog}
        where ${auditLog.subjectType} = 'asset'
          and ${auditLog.subjectId} = f.asset_id::text
          and ${auditLog.action} = 'asset.media.update'
          and ${auditLog.after} @> jsonb_build_array(jsonb_build_object('path', f.path))
      )`);
  return rowsOf<AssetFile>(result);
}
