import type { ReactNode } from 'react';

type DataTableProps = {
  /** What the table lists, for screen readers (the page's heading already says it to the eye). */
  caption: string;
  /** The column headings, in order. */
  columns: readonly ReactNode[];
  /** The last column's heading, aligned to the end like the row actions under it. */
  actionsColumn?: ReactNode;
  /** The rows. */
  children: ReactNode;
};

/** A list's table: bordered, scrolling sideways on narrow screens, with the back office's header row. */
export const DataTable = ({ caption, columns, actionsColumn, children }: DataTableProps) => (
  <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
        <tr>
          {columns.map((column, index) => (
            // The headings are a fixed list, so their position is their identity.
            <th key={index} scope="col" className="px-4 py-3">
              {column}
            </th>
          ))}
          {actionsColumn !== undefined && (
            <th scope="col" className="px-4 py-3 text-right">
              {actionsColumn}
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">{children}</tbody>
    </table>
  </div>
);
