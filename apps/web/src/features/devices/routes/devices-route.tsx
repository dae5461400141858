import { normalizeMac, type Device } from '@trashegimia/contract/devices';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageParam, useStayWithinPages } from '@/shared/routing/use-page-param';
import { ListPager } from '@/shared/ui/list-pager';
import { isApiError } from '@/shared/api/api-error';
import { useDevices } from '@/shared/api/get-devices';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { DataTable } from '@/shared/ui/data-table';
import { DeleteConfirmDialog } from '@/shared/ui/delete-confirm-dialog';
import { ListLoadError, ListLoading, ListMessage } from '@/shared/ui/list-states';
import { Page } from '@/shared/ui/page';
import { RowActionButton, RowActions } from '@/shared/ui/row-actions';
import { TextField } from '@/shared/ui/text-field';
import { useDeleteConfirmation } from '@/shared/ui/use-delete-confirmation';
import { useToast } from '@/shared/ui/use-toast';
import { useDeleteDevice } from '../api/delete-device';
import { useDeviceByMac } from '../api/get-device-by-mac';
import { DeviceModal } from '../components/device-modal';

/** Spec §9: devices are listed 20 per page. */
const PAGE_SIZE = 20;

/**
 * admin/devices (also admin/formularet/pajisjet, admin/formularet/device, formularet/pajisjet):
 * search by MAC, list, create/edit modal and delete (spec §2).
 */
export const DevicesRoute = () => {
  const { t } = useTranslation('devices');
  const { showToast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const searchedMac = searchParams.get('mac');
  const { page, goToPage } = usePageParam();
  const [search, setSearch] = useState(searchedMac ?? '');
  const [showInvalidMac, setShowInvalidMac] = useState(false);
  const [editing, setEditing] = useState<Device | 'new' | null>(null);
  const list = useDevices({ page, limit: PAGE_SIZE }, { enabled: searchedMac === null });
  const found = useDeviceByMac(searchedMac);
  const current = searchedMac === null ? list : found;
  const notFound = searchedMac !== null && isApiError(found.error) && found.error.status === 404;

  useStayWithinPages(page, searchedMac === null ? list.data?.meta.totalPages : undefined, goToPage);

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    if (!search.trim()) {
      setShowInvalidMac(false);
      setSearchParams({});
      return;
    }
    const mac = normalizeMac(search);
    setShowInvalidMac(mac === null);
    if (mac !== null) setSearchParams({ mac });
  };

  const clearSearch = () => {
    setSearch('');
    setShowInvalidMac(false);
    setSearchParams({});
  };

  const deletion = useDeleteConfirmation<Device>(useDeleteDevice(), () => {
    showToast({ message: t('deleted'), tone: 'success' });
    if (searchedMac !== null) clearSearch();
  });

  const items: Device[] = searchedMac === null ? (list.data?.items ?? []) : found.data ? [found.data] : [];

  return (
    <Page title={t('devices.title', { ns: 'admin' })}>
      <p className="mt-3 max-w-3xl text-stone-600">{t('lead')}</p>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <form role="search" onSubmit={handleSearch} className="flex flex-wrap items-end gap-2">
          <TextField
            type="search"
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={search}
            spellCheck={false}
            aria-invalid={showInvalidMac ? true : undefined}
            onChange={(event) => setSearch(event.target.value)}
            className="w-full sm:w-80"
          />
          <Button type="submit" variant="secondary">
            {t('search.submit')}
          </Button>
          {searchedMac !== null && (
            <Button variant="ghost" onClick={clearSearch}>
              {t('search.clear')}
            </Button>
          )}
        </form>
        <Button onClick={() => setEditing('new')}>{t('create')}</Button>
      </div>
      {showInvalidMac && (
        <div className="mt-3">
          <Alert>{t('invalidMac')}</Alert>
        </div>
      )}

      {/* A searched MAC is one device or none, so the search has its own states and no pager. */}
      <div className="mt-6" aria-busy={current.isFetching}>
        {current.isPending && current.fetchStatus !== 'idle' && <ListLoading />}
        {notFound && <ListMessage>{t('notFound')}</ListMessage>}
        {current.isError && !notFound && <ListLoadError error={current.error} onRetry={() => void current.refetch()} />}
        {list.isSuccess && searchedMac === null && items.length === 0 && <ListMessage>{t('empty')}</ListMessage>}
        {items.length > 0 && (
          <DataTable
            caption={t('caption')}
            columns={[t('columns.id'), t('columns.mac'), t('columns.model'), t('columns.type')]}
            actionsColumn={t('columns.actions')}
          >
            {items.map((device) => (
              <tr key={device.id}>
                <td className="px-4 py-3 text-stone-500 tabular-nums">{device.id}</td>
                <th scope="row" className="px-4 py-3 font-mono font-medium text-stone-900">
                  {device.mac}
                </th>
                <td className="px-4 py-3 text-stone-700">{device.model}</td>
                <td className="px-4 py-3 text-stone-700">{device.type}</td>
                <RowActions>
                  <RowActionButton aria-label={t('editLabel', { name: device.mac })} onClick={() => setEditing(device)}>
                    {t('edit')}
                  </RowActionButton>
                  <RowActionButton
                    tone="danger"
                    aria-label={t('deleteLabel', { name: device.mac })}
                    onClick={() => deletion.ask(device)}
                  >
                    {t('delete')}
                  </RowActionButton>
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
        {list.isSuccess && searchedMac === null && (
          <ListPager page={page} totalPages={Math.max(1, list.data.meta.totalPages)} onPageChange={goToPage} />
        )}
      </div>

      <DeviceModal editing={editing} onClose={() => setEditing(null)} />
      <DeleteConfirmDialog
        deletion={deletion}
        title={t('confirmDelete.title')}
        describe={(device) => t('confirmDelete.description', { name: device.mac })}
        confirmLabel={t('delete')}
        cancelLabel={t('form.cancel')}
        failedText={t('deleteFailed')}
      />
    </Page>
  );
};
