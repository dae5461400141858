import type { Dataset } from '@trashegimia/contract/datasets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { usePageParam, useStayWithinPages } from '@/shared/routing/use-page-param';
import { datasetColor } from '@/shared/map/asset-color';
import { Button } from '@/shared/ui/button';
import { DataTable } from '@/shared/ui/data-table';
import { DeleteConfirmDialog } from '@/shared/ui/delete-confirm-dialog';
import { PagedList } from '@/shared/ui/paged-list';
import { Page } from '@/shared/ui/page';
import { RowActionButton, RowActions } from '@/shared/ui/row-actions';
import { useDeleteConfirmation } from '@/shared/ui/use-delete-confirmation';
import { useToast } from '@/shared/ui/use-toast';
import { useAdminDatasets } from '../api/get-admin-datasets';
import { useDeleteDataset } from '../api/delete-dataset';
import { DatasetModal } from '../components/dataset-modal';

/** Spec §9: datasets are listed 20 per page. */
const PAGE_SIZE = 20;

const SUFFIXES = ['Xk', 'En', 'Sr'] as const;

/**
 * admin/datasets: every dataset, inactive ones too, with id, name, three descriptions, colour pill
 * and active flag; create/edit modal and delete (spec §2). One with assets cannot be deleted (409).
 */
export const DatasetsRoute = () => {
  const { t } = useTranslation('datasetsAdmin');
  const language = useLanguage();
  const { showToast } = useToast();
  const { page, goToPage } = usePageParam();
  const datasets = useAdminDatasets({ page, limit: PAGE_SIZE });
  const [editing, setEditing] = useState<Dataset | 'new' | null>(null);
  const deletion = useDeleteConfirmation<Dataset>(useDeleteDataset(), () =>
    showToast({ message: t('deleted'), tone: 'success' }),
  );

  useStayWithinPages(page, datasets.data?.meta.totalPages, goToPage);

  const items = datasets.data?.items ?? [];

  return (
    <Page title={t('datasets.title', { ns: 'admin' })}>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-3xl text-stone-600">{t('lead')}</p>
        <Button onClick={() => setEditing('new')}>{t('create')}</Button>
      </div>

      <PagedList className="mt-6" query={datasets} page={page} onPageChange={goToPage} emptyText={t('empty')}>
        <DataTable
          caption={t('caption')}
          columns={[
            t('columns.id'),
            t('columns.name'),
            ...SUFFIXES.map((suffix) => t(`columns.description${suffix}`)),
            t('columns.color'),
            t('columns.active'),
          ]}
          actionsColumn={t('columns.actions')}
        >
          {items.map((dataset) => (
            <tr key={dataset.id} className="align-top">
              <td className="px-4 py-3 text-stone-500 tabular-nums">{dataset.id}</td>
              <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                {datasetNameIn(dataset, language)}
              </th>
              {SUFFIXES.map((suffix) => (
                <td key={suffix} className="max-w-xs px-4 py-3 text-stone-700">
                  {dataset[`description${suffix}`]}
                </td>
              ))}
              <td className="px-4 py-3">
                <span className="inline-flex items-center gap-2 font-mono text-xs text-stone-700">
                  <span
                    aria-hidden="true"
                    className="inline-block h-4 w-8 rounded-full border border-stone-300"
                    style={{ backgroundColor: datasetColor(dataset.pillColor) }}
                  />
                  {datasetColor(dataset.pillColor)}
                </span>
              </td>
              <td className="px-4 py-3">
                <span
                  className={
                    dataset.isActive
                      ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800'
                      : 'rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700'
                  }
                >
                  {dataset.isActive ? t('active') : t('inactive')}
                </span>
              </td>
              <RowActions>
                <RowActionButton
                  aria-label={t('editLabel', { name: datasetNameIn(dataset, language) })}
                  onClick={() => setEditing(dataset)}
                >
                  {t('edit')}
                </RowActionButton>
                <RowActionButton
                  tone="danger"
                  aria-label={t('deleteLabel', { name: datasetNameIn(dataset, language) })}
                  onClick={() => deletion.ask(dataset)}
                >
                  {t('delete')}
                </RowActionButton>
              </RowActions>
            </tr>
          ))}
        </DataTable>
      </PagedList>

      <DatasetModal editing={editing} onClose={() => setEditing(null)} />
      <DeleteConfirmDialog
        deletion={deletion}
        title={t('confirmDelete.title')}
        describe={(dataset) => t('confirmDelete.description', { name: datasetNameIn(dataset, language) })}
        confirmLabel={t('delete')}
        cancelLabel={t('form.cancel')}
        failedText={t('deleteFailed')}
      />
    </Page>
  );
};
