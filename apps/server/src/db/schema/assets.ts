import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { albanianOrder } from '../albanian-order';
import { foldedText } from '../folded-text';
import { createdAt, updatedAt } from './columns';
import { datasets } from './datasets';
import { devices } from './devices';
import { surveys } from './surveys';
import { users } from './users';

/** In kB: at 4 MB (the default) 20,000 views made each 3-filter query six times slower until a vacuum. */
const SMALL_GIN_PENDING_LIST = { gin_pending_list_limit: 256 };

export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'restrict' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'restrict' }),
    /** The collecting device's id for the submission; a resend with the same value is the same asset. */
    uniqueId: text('unique_id').notNull().unique(),
    // Kept from the answers whose questions carry the matching identifier.
    name: text('name'),
    municipality: text('municipality'),
    village: text('village'),
    assetType: text('asset_type'),
    usability: text('usability'),
    access: text('access'),
    risk: text('risk'),
    /** high | medium | low, derived from risk. */
    riskLevel: text('risk_level').notNull().default('low'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** UPLOADED | APPROVED | REJECTED | PASSIVE */
    status: text('status').notNull().default('UPLOADED'),
    comments: text('comments'),
    adminNote: text('admin_note'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** Views up to the last move from recentAssetViews, which order lists by views; an asset's count adds its recent views. */
    viewCount: integer('view_count').notNull().default(0),
    /**
     * Every option the asset's answers chose, kept by a trigger on `answers` (migration 0003). Answer
     * filters are then one GIN index scan of the assets themselves (`option_ids && {…}` per
     * question, ANDed), whose cost follows the matching assets rather than every matching answer.
     */
    optionIds: integer('option_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Optimistic concurrency: an edit names the version it read. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A dataset's approved assets newest first (public lists), and keyset export batches by (date, id).
    index('assets_dataset_status_date_id_idx').on(t.datasetId, t.status, t.date, t.id),
    // The same across statuses: an administrator's export and date-ordered lists.
    index('assets_dataset_date_id_idx').on(t.datasetId, t.date, t.id),
    // A dataset's last update: the newest change of its approved assets, one index probe.
    index('assets_dataset_status_updated_idx').on(t.datasetId, t.status, t.updatedAt),
    // Dataset stats (responses per survey and status, index-only) and "which surveys does it use".
    index('assets_dataset_survey_status_idx').on(t.datasetId, t.surveyId, t.status),
    // The dataset page's 'A - ZH' order without sorting the whole dataset on every page.
    index('assets_dataset_status_name_idx').on(
      t.datasetId,
      t.status,
      sql`${albanianOrder(t.name)} nulls last`,
      t.date.desc().nullsFirst(),
      t.id,
    ),
    // A dataset's assets by views (the archive's 'Më të popullarizuarat' within a dataset, the API's
    // sortBy=viewCount) read along the index rather than sorting the whole dataset for every page
    // (45 ms per page at 100,000 assets). Views are written to recentAssetViews and moved here
    // every few minutes, so this index and the asset's others are rewritten once per viewed asset
    // then, rather than on every batch of views.
    index('assets_dataset_status_views_idx').on(
      t.datasetId,
      t.status,
      // DESC alone means NULLS FIRST in an ORDER BY, and an index serves it only if it says the same.
      t.viewCount.desc().nullsFirst(),
      t.date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The GIN indexes merge new entries at 256 kB rather than 4 MB: every search reads through the
    // entries not yet merged, and each move of views into the assets adds their entries again
    // (migration 0013).
    index('assets_option_ids_idx').using('gin', t.optionIds).with(SMALL_GIN_PENDING_LIST),
    // Text search ('contains', any case or accent: modules/assets/text-search.ts) reads trigrams of
    // the folded text rather than every asset; migration 0008 creates the pg_trgm extension.
    index('assets_name_trgm_idx')
      .using('gin', sql`${foldedText(t.name)} gin_trgm_ops`)
      .with(SMALL_GIN_PENDING_LIST),
    index('assets_municipality_trgm_idx')
      .using('gin', sql`${foldedText(t.municipality)} gin_trgm_ops`)
      .with(SMALL_GIN_PENDING_LIST),
    index('assets_village_trgm_idx')
      .using('gin', sql`${foldedText(t.village)} gin_trgm_ops`)
      .with(SMALL_GIN_PENDING_LIST),
    index('assets_survey_idx').on(t.surveyId),
    index('assets_status_date_idx').on(t.status, t.date),
    index('assets_coordinates_idx').on(t.latitude, t.longitude),
    // How many of a dataset's assets the map can place (per risk level), counted from the index alone.
    index('assets_dataset_status_risk_coordinates_idx').on(t.datasetId, t.status, t.riskLevel, t.latitude, t.longitude),
    index('assets_user_idx').on(t.userId),
    index('assets_device_idx').on(t.deviceId),
  ],
);

/**
 * Views written since they were last moved into `assets.view_count` (modules/assets/view-counter.ts).
 * A view here updates a narrow row with no index on the count (a HOT update, about 0.02 ms), where
 * rewriting the asset's row and its fifteen index entries, four of them GIN, cost 0.2–0.7 ms at
 * 100,000 assets. No foreign key: a view of an asset deleted meanwhile must not fail its batch; the
 * move drops such rows.
 */
export const recentAssetViews = pgTable('recent_asset_views', {
  assetId: uuid('asset_id').primaryKey(),
  views: integer('views').notNull(),
});
