/** Page arithmetic and the `meta` of every list response (docs/decisions/0014-page-size-capped.md). */
import type { PageMeta } from '@trashegimia/contract/common';

export type Paging = { page: number; limit: number };

export const offsetOf = ({ page, limit }: Paging) => (page - 1) * limit;

export const pageMeta = ({ page, limit }: Paging, totalItems: number): PageMeta => ({
  page,
  limit,
  totalItems,
  totalPages: Math.ceil(totalItems / limit),
});

export const emptyPage = (paging: Paging) => ({ items: [], meta: pageMeta(paging, 0) });
