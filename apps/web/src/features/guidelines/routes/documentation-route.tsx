import type { Guideline } from '@trashegimia/contract/guidelines';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { ListMessage } from '@/shared/ui/list-states';
import { Page } from '@/shared/ui/page';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useDownloadGuideline } from '../api/download-guideline';
import { useGuidelines } from '../api/get-guidelines';
import { GuidelineListItem } from '../components/guideline-list-item';
import { GuidelinePreviewModal } from '../components/guideline-preview-modal';
import { SEARCH_DELAY_MS } from '../lib/guideline-constants';
import { useDebouncedValue } from '../lib/use-debounced-value';

type Previewable = Guideline & { url: string };

/**
 * /dokumentacioni: the guideline documents, searchable by title, each with its type icon; PDFs open
 * in a full-screen preview, every document downloads (spec §2). A failed list says so with the
 * failedToLoad text; a failed view or download stays silent, a download says it succeeded (spec §8).
 */
export const DocumentationRoute = () => {
  const { t } = useTranslation('documentation');
  const { showToast } = useToast();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const guidelines = useGuidelines(query);
  const download = useDownloadGuideline();
  const [preview, setPreview] = useState<Previewable | null>(null);

  const items = guidelines.data?.items ?? [];
  const downloadingId = download.isPending ? download.variables.id : null;

  return (
    <Page title={t('documentation.title', { ns: 'public' })}>
      <p className="mt-3 max-w-3xl text-stone-600">{t('lead')}</p>

      <TextField
        type="search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="mt-6 w-full sm:max-w-sm"
      />

      <div className="mt-6" aria-busy={guidelines.isFetching}>
        {guidelines.isPending && (
          <p role="status" className="flex items-center gap-2 py-8 text-sm text-stone-600">
            <Spinner className="size-5 text-brand-700" />
            {t('loading', { ns: 'common' })}
          </p>
        )}
        {guidelines.isError && (
          <div className="flex flex-col items-start gap-3">
            <Alert>{t('generic.failedToLoad', { ns: 'errors' })}</Alert>
            <Button variant="secondary" onClick={() => void guidelines.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          </div>
        )}
        {guidelines.isSuccess && items.length === 0 && <ListMessage>{query ? t('noMatches') : t('empty')}</ListMessage>}
        {guidelines.isSuccess && items.length > 0 && (
          <ul aria-label={t('listLabel')} className="flex flex-col gap-3">
            {items.map((guideline) => {
              const { url } = guideline;
              return (
                <li key={guideline.id}>
                  <GuidelineListItem
                    guideline={guideline}
                    onView={
                      guideline.contentType === 'pdf' && url ? () => setPreview({ ...guideline, url }) : undefined
                    }
                    onDownload={() =>
                      download.mutate(guideline, {
                        onSuccess: () => showToast({ message: t('downloaded'), tone: 'success' }),
                      })
                    }
                    downloading={downloadingId === guideline.id}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <GuidelinePreviewModal guideline={preview} onClose={() => setPreview(null)} />
    </Page>
  );
};
