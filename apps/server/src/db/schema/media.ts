import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets';
import { createdAt } from './columns';
import { users } from './users';

export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    /** Blob path; removing the reference leaves the stored file in place (spec). */
    path: text('path').notNull(),
    /** PHOTO | VIDEO | AUDIO | PDF | THREE_D | THREE_SIXTY_VIDEO */
    type: text('type').notNull(),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    /** The uploaded file's own name, cleaned (no folders, no control characters, 255 at most); null for older media. */
    originalName: text('original_name'),
    /** What an administrator says the file shows; read aloud as the medium's description. */
    caption: text('caption'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('media_asset_idx').on(t.assetId, t.type)],
);
