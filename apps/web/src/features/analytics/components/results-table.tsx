import type { AssetSummary } from '@trashegimia/contract/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { RISK_COLORS } from '@/shared/map/map-constants';
import { Button } from '@/shared/ui/button';
import { ANALYTICS_PAGE_SIZE } from '../lib/analytics-constants';
import type { ValueLabeler } from '../lib/value-labels';

type ResultsTableProps = { items: AssetSummary[]; labelFor: ValueLabeler };

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
  const cell = 'px-3 py-2.5 align-top';

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{t('results.table')}</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-stone-600">
            <tr>
              {(['name', 'municipality', 'type', 'usability', 'access', 'risk'] as const).map((column) => (
                <th key={column} scope="col" className={`${cell} font-semibold`}>
                  {t(`results.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((asset) => (
              <tr key={asset.id} className="border-b border-stone-100 last:border-b-0">
                <th scope="row" className={`${cell} font-medium text-stone-900`}>
                  {asset.name?.trim() || t('asset.noName', { ns: 'public' })}
                </th>
                <td className={cell}>{labelFor('MUNICIPALITY_NAME', asset.municipality) ?? '—'}</td>
                <td className={cell}>{labelFor('ASSET_TYPE', asset.assetType) ?? '—'}</td>
                <td className={cell}>{labelFor('USABILITY', asset.usability) ?? '—'}</td>
                <td className={cell}>{labelFor('ACCESS', asset.access) ?? '—'}</td>
                <td className={cell}>
                  <span className="inline-flex items-center gap-2 whitespace-nowrap">
                    <span
                      aria-hidden="true"
                      className="size-2.5 rounded-full"
                      style={{ backgroundColor: RISK_COLORS[asset.riskLevel] }}
                    />
                    {t(`risk.${asset.riskLevel}`)}
                  </span>
                </td>
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
