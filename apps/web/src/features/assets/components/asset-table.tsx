import type { AssetSummary } from '@trashegimia/contract/assets';
import { useEffect, useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { formatDate, truncateText } from '@/shared/format/format';
import { assetDatasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { DataTable } from '@/shared/ui/data-table';
import { RowActionButton, RowActionLink, RowActions } from '@/shared/ui/row-actions';
import { AssetStatusBadge } from './asset-status-badge';
import type { ReviewDecision } from './review-dialog';

/** Spec §9: the ID is shown as its first 8 characters, names cut at 50 in lists. */
export const shortId = (id: string) => id.slice(0, 8);
const NAME_LENGTH = 50;

const CHECKBOX_CLASSES =
  'size-4 rounded border-stone-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-amber-600';

/** A checkbox that can also show 'some ticked', which HTML sets only from script. */
const Checkbox = ({ indeterminate = false, ...props }: ComponentProps<'input'> & { indeterminate?: boolean }) => {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" className={CHECKBOX_CLASSES} {...props} />;
};

type AssetTableProps = {
  assets: AssetSummary[];
  /** Edit and media are for role 2 only (spec §6). */
  canEdit: boolean;
  isSelected: (id: string) => boolean;
  onSelect: (ids: string[], selected: boolean) => void;
  onReview: (asset: AssetSummary, decision: ReviewDecision) => void;
};

/**
 * The 7 columns of spec §2 (ID, name, municipality, date, status, dataset, actions), after a
 * column of checkboxes for bulk review. Approve shows unless approved, Reject unless rejected.
 */
export const AssetTable = ({ assets, canEdit, isSelected, onSelect, onReview }: AssetTableProps) => {
  const { t } = useTranslation('assetsAdmin');
  const language = useLanguage();
  const selectedOnPage = assets.filter((asset) => isSelected(asset.id)).length;
  const labelOf = (asset: AssetSummary) =>
    t('list.review.asset', { name: asset.name ?? t('list.unnamed'), id: shortId(asset.id) });

  return (
    <DataTable
      caption={t('list.caption')}
      columns={[
        <Checkbox
          aria-label={t('list.selection.page')}
          checked={assets.length > 0 && selectedOnPage === assets.length}
          indeterminate={selectedOnPage > 0 && selectedOnPage < assets.length}
          onChange={(event) =>
            onSelect(
              assets.map((asset) => asset.id),
              event.target.checked,
            )
          }
        />,
        t('list.columns.id'),
        t('list.columns.name'),
        t('list.columns.municipality'),
        t('list.columns.date'),
        t('list.columns.status'),
        t('list.columns.dataset'),
      ]}
      actionsColumn={t('list.columns.actions')}
    >
      {assets.map((asset) => {
        const label = labelOf(asset);
        return (
          <tr key={asset.id} className={isSelected(asset.id) ? 'bg-amber-50/60' : undefined}>
            <td className="w-10 px-4 py-3">
              <Checkbox
                aria-label={t('list.selection.row', { name: label })}
                checked={isSelected(asset.id)}
                onChange={(event) => onSelect([asset.id], event.target.checked)}
              />
            </td>
            <td className="px-4 py-3 font-mono text-stone-500" title={asset.id}>
              {shortId(asset.id)}
            </td>
            <th scope="row" className="px-4 py-3 font-medium text-stone-900" title={asset.name ?? undefined}>
              {asset.name ? truncateText(asset.name, NAME_LENGTH) : t('list.unnamed')}
            </th>
            <td className="px-4 py-3 text-stone-700">{asset.municipality}</td>
            <td className="px-4 py-3 whitespace-nowrap text-stone-700">{formatDate(asset.date, language)}</td>
            <td className="px-4 py-3">
              <AssetStatusBadge status={asset.status} />
            </td>
            <td className="px-4 py-3 text-stone-700">{assetDatasetNameIn(asset, language)}</td>
            <RowActions>
              {canEdit && (
                <>
                  <RowActionLink
                    to={paths.admin.asset.getHref(asset.id)}
                    aria-label={t('list.actions.editLabel', { name: label })}
                  >
                    {t('list.actions.edit')}
                  </RowActionLink>
                  <RowActionLink
                    to={paths.admin.assetMedia.getHref(asset.id)}
                    aria-label={t('list.actions.mediaLabel', { name: label })}
                  >
                    {t('list.actions.media')}
                  </RowActionLink>
                </>
              )}
              {asset.status !== 'APPROVED' && (
                <RowActionButton
                  tone="success"
                  aria-label={t('list.actions.approveLabel', { name: label })}
                  onClick={() => onReview(asset, 'APPROVED')}
                >
                  {t('list.actions.approve')}
                </RowActionButton>
              )}
              {asset.status !== 'REJECTED' && (
                <RowActionButton
                  tone="danger"
                  aria-label={t('list.actions.rejectLabel', { name: label })}
                  onClick={() => onReview(asset, 'REJECTED')}
                >
                  {t('list.actions.reject')}
                </RowActionButton>
              )}
            </RowActions>
          </tr>
        );
      })}
    </DataTable>
  );
};
