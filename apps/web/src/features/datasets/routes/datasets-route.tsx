import type { Dataset } from '@trashegimia/contract/datasets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageParam, useStayWithinPages } from '@/shared/routing/use-page-param';
import { ListPager } from '@/shared/ui/list-pager';
import { useErrorText } from '@/shared/api/use-error-text';
import { datasetColor } from '@/shared/map/asset-color';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListLoadError, ListLoading, ListMessage } from '@/shared/ui/list-states';
import { Page } from '@/shared/ui/page';
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
  const errorText = useErrorText();
  const { showToast } = useToast();
  const { page, goToPage } = usePageParam();
  const datasets = useAdminDatasets({ page, limit: PAGE_SIZE });
  const [editing, setEditing] = useState<Dataset | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Dataset | null>(null);
  const deletion = useDeleteDataset();

  useStayWithinPages(page, datasets.data?.meta.totalPages, goToPage);

  const handleDelete = () => {
    if (!deleting) return;
    deletion.mutate(deleting.id, {
      onSuccess: () => {
        showToast({ message: t('deleted'), tone: 'success' });
        setDeleting(null);
      },
    });
  };

  const items = datasets.data?.items ?? [];

  return (
    <Page title={t('datasets.title', { ns: 'admin' })}>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-3xl text-stone-600">{t('lead')}</p>
        <Button onClick={() => setEditing('new')}>{t('create')}</Button>
      </div>

      <div className="mt-6" aria-busy={datasets.isFetching}>
        {datasets.isPending && <ListLoading />}
        {datasets.isError && <ListLoadError error={datasets.error} onRetry={() => void datasets.refetch()} />}
        {datasets.isSuccess && items.length === 0 && <ListMessage>{t('empty')}</ListMessage>}
        {items.length > 0 && (
          <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('caption')}</caption>
              <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.id')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.name')}
                  </th>
                  {SUFFIXES.map((suffix) => (
                    <th key={suffix} scope="col" className="px-4 py-3">
                      {t(`columns.description${suffix}`)}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3">
                    {t('columns.color')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.active')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    {t('columns.actions')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {items.map((dataset) => (
                  <tr key={dataset.id} className="align-top">
                    <td className="px-4 py-3 text-stone-500 tabular-nums">{dataset.id}</td>
                    <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                      {dataset.name}
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
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          className="px-2.5 py-1.5"
                          aria-label={t('editLabel', { name: dataset.name })}
                          onClick={() => setEditing(dataset)}
                        >
                          {t('edit')}
                        </Button>
                        <Button
                          variant="ghost"
                          className="px-2.5 py-1.5 text-red-700"
                          aria-label={t('deleteLabel', { name: dataset.name })}
                          onClick={() => {
                            deletion.reset();
                            setDeleting(dataset);
                          }}
                        >
                          {t('delete')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {datasets.isSuccess && (
          <ListPager page={page} totalPages={Math.max(1, datasets.data.meta.totalPages)} onPageChange={goToPage} />
        )}
      </div>

      <DatasetModal editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.description', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('form.cancel')}
        onConfirm={handleDelete}
        pending={deletion.isPending}
        error={deletion.isError ? errorText(deletion.error, t('deleteFailed')) : null}
      />
    </Page>
  );
};
