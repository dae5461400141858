import type { AssetSummary } from '@trashegimia/contract/assets';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { RISK_COLORS } from '@/shared/map/map-constants';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { ANALYTICS_PAGE_SIZE } from '../lib/analytics-constants';
import type { ValueLabeler } from '../lib/value-labels';

type ResultsTableProps = { items: AssetSummary[]; labelFor: ValueLabeler };

const COLUMNS = ['name', 'municipality', 'type', 'usability', 'access', 'risk'] as const;
type Column = (typeof COLUMNS)[number];

/*
 * Narrower than its six columns need (a phone), the table stacks: each row a block, the name on top
 * and every other value under its column's name. The roles keep it a table for screen readers,
 * which drop the table semantics of rows laid out as blocks (Safari).
 */
const stacked = {
  table: '@max-2xl:block',
  head: '@max-2xl:sr-only',
  body: '@max-2xl:block',
  row: '@max-2xl:flex @max-2xl:flex-col @max-2xl:gap-1 @max-2xl:px-4 @max-2xl:py-3',
  rowHeader: '@max-2xl:p-0 @max-2xl:text-base',
  cell: '@max-2xl:flex @max-2xl:gap-3 @max-2xl:p-0',
  label: 'hidden w-28 shrink-0 text-stone-500 @max-2xl:block',
};

/**
 * The fetched results, 8 rows a page, with Previous/Next and 'page x / y'. Mount it with a key per
 * query so that new results start again on page 1.
 */
export const ResultsTable = ({ items, labelFor }: ResultsTableProps) => {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / ANALYTICS_PAGE_SIZE));
  const rows = items.slice((page - 1) * ANALYTICS_PAGE_SIZE, page * ANALYTICS_PAGE_SIZE);
  const cellPadding = 'px-3 py-2.5 align-top';

  const valuesOf = (asset: AssetSummary): [Exclude<Column, 'name'>, ReactNode][] => [
    ['municipality', labelFor('MUNICIPALITY_NAME', asset.municipality) ?? '—'],
    ['type', labelFor('ASSET_TYPE', asset.assetType) ?? '—'],
    ['usability', labelFor('USABILITY', asset.usability) ?? '—'],
    ['access', labelFor('ACCESS', asset.access) ?? '—'],
    [
      'risk',
      <span className="inline-flex items-center gap-2 whitespace-nowrap">
        <span
          aria-hidden="true"
          className="size-2.5 rounded-full"
          style={{ backgroundColor: RISK_COLORS[asset.riskLevel] }}
        />
        {t(`risk.${asset.riskLevel}`)}
      </span>,
    ],
  ];

  return (
    <div className="flex flex-col gap-3">
      <div className="@container overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
        <table role="table" className={cn('w-full text-left text-sm', stacked.table)}>
          <caption className="sr-only">{t('results.table')}</caption>
          <thead role="rowgroup" className={cn('border-b border-stone-200 bg-stone-50 text-stone-600', stacked.head)}>
            <tr role="row">
              {COLUMNS.map((column) => (
                <th key={column} role="columnheader" scope="col" className={`${cellPadding} font-semibold`}>
                  {t(`results.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className={stacked.body}>
            {rows.map((asset) => (
              <tr key={asset.id} role="row" className={cn('border-b border-stone-100 last:border-b-0', stacked.row)}>
                <th
                  role="rowheader"
                  scope="row"
                  className={cn(cellPadding, 'font-medium text-stone-900', stacked.rowHeader)}
                >
                  {asset.name?.trim() || t('asset.noName', { ns: 'public' })}
                </th>
                {valuesOf(asset).map(([column, value]) => (
                  <td key={column} role="cell" className={cn(cellPadding, stacked.cell)}>
                    {/* The column's name beside the value once the header row is out of sight; said once, by the header. */}
                    <span aria-hidden="true" className={stacked.label}>
                      {t(`results.columns.${column}`)}
                    </span>
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={t('results.pagination')} className="flex items-center justify-between gap-3">
        <Button variant="secondary" onClick={() => setPage(page - 1)} disabled={page <= 1}>
          <span aria-hidden="true">←</span>
          {t('results.previous')}
        </Button>
        <p aria-live="polite" className="text-sm text-stone-700 tabular-nums">
          {t('results.page', { page: formatNumber(page, language), pages: formatNumber(pages, language) })}
        </p>
        <Button variant="secondary" onClick={() => setPage(page + 1)} disabled={page >= pages}>
          {t('results.next')}
          <span aria-hidden="true">→</span>
        </Button>
      </nav>
    </div>
  );
};
