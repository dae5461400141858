import { z } from 'zod';

/** `xk` is the product's code for Albanian; it is the default and the fallback. */
export const LANGUAGES = ['xk', 'en', 'sr'] as const;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
export const DEFAULT_LANGUAGE: Language = 'xk';

/**
 * Maps a BCP 47 tag from the browser or the page (`sq-AL`, `sr-Latn-RS`, `en-GB`) or one of our own
 * codes to the product's language code. Returns null for a language we do not offer.
 */
export const toLanguage = (tag: string | null | undefined): Language | null => {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  switch (primary) {
    case 'xk':
    case 'sq':
      return 'xk';
    case 'en':
      return 'en';
    case 'sr':
      return 'sr';
    default:
      return null;
  }
};

export const ROLE = { USER: 1, ADMIN: 2 } as const;
export const Role = z.union([z.literal(ROLE.USER), z.literal(ROLE.ADMIN)]);
export type Role = z.infer<typeof Role>;

/** Largest page any list call serves (docs/decisions/0014-page-size-capped.md). */
export const MAX_PAGE_LIMIT = 1000;

/** 1-based paging; a larger limit than the server serves is capped rather than refused (docs/decisions/0014). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((limit) => Math.min(limit, MAX_PAGE_LIMIT)),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const SortOrder = z.enum(['asc', 'desc']);

export const PageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), meta: PageMeta });

/**
 * Something of an uploaded workbook that was not used, or not exactly: where it is as a spreadsheet
 * shows it (`row` counted from 1, the header being row 1; `column` by its header), and what became of it.
 */
export const SheetWarning = z.object({
  sheet: z.string(),
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type SheetWarning = z.infer<typeof SheetWarning>;

/**
 * Every non-2xx answer. `code` is a stable snake_case key the page translates; `field` names bad
 * input; `warnings` say, row by row, why nothing usable was found in an uploaded workbook.
 */
export const ErrorResponse = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    code: z.string(),
    field: z.string().optional(),
    retryAfterSeconds: z.number().int().optional(),
    warnings: z.array(SheetWarning).optional(),
  })
  // One component in the OpenAPI document, which every error response refers to.
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * A file sent or answered as it is, not as JSON (a PDF, a workbook, a stored file): how a route
 * names such a response for the OpenAPI document (`format: binary`). The handler sends a stream.
 */
export const FileBytes = z.string().meta({ format: 'binary' });

/** Query-string flags: `true`/`1` and `false`/`0`. */
export const QueryFlag = z.enum(['true', 'false', '1', '0']).transform((flag) => flag === 'true' || flag === '1');

/** Largest value of a PostgreSQL integer column. */
const MAX_ID = 2_147_483_647;

/** A database id in a path or query: a positive integer the database can hold. */
export const Id = z.coerce.number().int().positive().max(MAX_ID);
export const IdParams = z.object({ id: Id });

/** Texts stored in the three languages, and the one picked for the request's `language`. */
export const localized = <Name extends string>(name: Name) =>
  z.object({
    [name]: z.string().nullable(),
    [`${name}Xk`]: z.string().nullable(),
    [`${name}En`]: z.string().nullable(),
    [`${name}Sr`]: z.string().nullable(),
  } as Record<Name | `${Name}Xk` | `${Name}En` | `${Name}Sr`, z.ZodNullable<z.ZodString>>);

/** Text a person typed: trimmed, bounded, and free of NUL characters (which PostgreSQL cannot store). */
export const plainText = (maxLength: number) =>
  z
    .string()
    .trim()
    .max(maxLength)
    .refine((text) => !text.includes('\u0000'), 'must not contain a NUL character');

/** Optional text a form may clear: null, or blank after trimming, means none. */
export const clearableText = (maxLength: number) =>
  plainText(maxLength)
    .nullable()
    .optional()
    .transform((text) => (text === '' ? null : text));

/** An empty select means none: a blank string reads as null before the schema checks it. */
export const blankAsNull = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema);
