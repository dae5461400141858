import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListPager } from './list-pager';
import { ListLoadError, ListLoading, ListMessage } from './list-states';

type Paged = { items: readonly unknown[]; meta: { totalPages: number } };

type PagedListProps = {
  /** The page of the list being shown (a `{ items, meta }` response). */
  query: UseQueryResult<Paged, unknown>;
  page: number;
  onPageChange: (page: number) => void;
  /** Said instead of the items when there are none. */
  emptyText: ReactNode;
  /** The items (e.g. a DataTable), shown while there are any. */
  children: ReactNode;
  className?: string;
};

/**
 * One page of a back-office list with its loading, failure (with retry) and empty states and the
 * pager under it; marked busy while a page is being fetched.
 */
export const PagedList = ({ query, page, onPageChange, emptyText, children, className }: PagedListProps) => {
  const itemCount = query.data?.items.length ?? 0;
  return (
    <div className={className} aria-busy={query.isFetching}>
      {query.isPending && <ListLoading />}
      {query.isError && <ListLoadError error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && itemCount === 0 && <ListMessage>{emptyText}</ListMessage>}
      {itemCount > 0 && children}
      {query.isSuccess && (
        <ListPager page={page} totalPages={Math.max(1, query.data.meta.totalPages)} onPageChange={onPageChange} />
      )}
    </div>
  );
};
