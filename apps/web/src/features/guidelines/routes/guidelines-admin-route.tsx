import type { Guideline } from '@trashegimia/contract/guidelines';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListLoadError, ListLoading, ListMessage } from '@/shared/ui/list-states';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useDeleteGuideline } from '../api/delete-guideline';
import { useDownloadGuideline } from '../api/download-guideline';
import { useGuidelines } from '../api/get-guidelines';
import { GuidelineAdminItem } from '../components/guideline-admin-item';
import { GuidelinePreviewModal } from '../components/guideline-preview-modal';
import { GuidelineUploadForm } from '../components/guideline-upload-form';
import { SEARCH_DELAY_MS } from '../lib/guideline-constants';
import { useDebouncedValue } from '../lib/use-debounced-value';

type Previewable = Guideline & { url: string };

/**
 * admin/guidelines and admin/formularet/dokumentet: search by title, upload a PDF or Word file
 * under a name, and per document download, PDF preview, rename in place and delete (spec §2).
 * Toasts as spec §8 has them: 'Saved successfully', 'save failed', failed-to-load when a delete fails, and
 * 'Dokumentet u shkarkuan me sukses' after a download.
 */
export const GuidelinesAdminRoute = () => {
  const { t } = useTranslation('guidelinesAdmin');
  const { showToast } = useToast();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const guidelines = useGuidelines(query);
  const download = useDownloadGuideline();
  const deletion = useDeleteGuideline();
  const [preview, setPreview] = useState<Previewable | null>(null);
  const [deleting, setDeleting] = useState<Guideline | null>(null);

  const items = guidelines.data?.items ?? [];
  const downloadingId = download.isPending ? download.variables.id : null;

  const handleDelete = () => {
    if (!deleting) return;
    deletion.mutate(deleting.id, {
      onSuccess: () => showToast({ message: t('deleted'), tone: 'success' }),
      onError: () => showToast({ message: t('generic.failedToLoad', { ns: 'errors' }), tone: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Page title={t('guidelines.title', { ns: 'admin' })}>
      <p className="mt-3 max-w-3xl text-stone-600">{t('lead')}</p>

      <div className="mt-6">
        <GuidelineUploadForm />
      </div>

      <TextField
        type="search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="mt-8 w-full sm:max-w-sm"
      />

      <div className="mt-6" aria-busy={guidelines.isFetching}>
        {guidelines.isPending && <ListLoading />}
        {guidelines.isError && <ListLoadError error={guidelines.error} onRetry={() => void guidelines.refetch()} />}
        {guidelines.isSuccess && items.length === 0 && <ListMessage>{query ? t('noMatches') : t('empty')}</ListMessage>}
        {guidelines.isSuccess && items.length > 0 && (
          <ul aria-label={t('listLabel')} className="flex flex-col gap-3">
            {items.map((guideline) => {
              const { url } = guideline;
              return (
                <li key={guideline.id}>
                  <GuidelineAdminItem
                    guideline={guideline}
                    onView={
                      guideline.contentType === 'pdf' && url ? () => setPreview({ ...guideline, url }) : undefined
                    }
                    onDownload={() =>
                      download.mutate(guideline, {
                        onSuccess: () =>
                          showToast({ message: t('downloaded', { ns: 'documentation' }), tone: 'success' }),
                      })
                    }
                    downloading={downloadingId === guideline.id}
                    onDelete={() => setDeleting(guideline)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <GuidelinePreviewModal guideline={preview} onClose={() => setPreview(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.description', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        onConfirm={handleDelete}
        pending={deletion.isPending}
      />
    </Page>
  );
};
