import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * A list's page kept in the address (`?page=`, left out for the first page), so reload and the back
 * button keep it; anything but a positive whole number reads as page 1.
 */
export function usePageParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const goToPage = useCallback(
    (next: number) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next > 1) params.set('page', String(next));
        else params.delete('page');
        return params;
      }),
    [setSearchParams],
  );
  return { page, goToPage };
}

/** After the list shrinks below the page shown (the last item of the last page deleted), shows its last page. */
export function useStayWithinPages(page: number, totalPages: number | undefined, goToPage: (page: number) => void) {
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) goToPage(totalPages);
  }, [page, totalPages, goToPage]);
}
