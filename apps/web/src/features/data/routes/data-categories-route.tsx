import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatasets } from '@/shared/api/get-datasets';
import { useErrorText } from '@/shared/api/use-error-text';
import { DATASET_LIST_LIMIT } from '@/shared/config/data-constants';
import { datasetNameIn, pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { ChevronDownIcon } from '@/shared/ui/icons';
import { Page } from '@/shared/ui/page';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { DatasetCard } from '../components/dataset-card';
import { foldText, sortDatasets, type DatasetSort } from '../lib/sort-datasets';

const SORTS: { value: DatasetSort; label: 'data.sortAlphabetical' | 'data.sortMostViewed' }[] = [
  { value: 'alphabetical', label: 'data.sortAlphabetical' },
  { value: 'mostViewed', label: 'data.sortMostViewed' },
];

/** /data: the dataset categories, searchable and sortable, each card linking to its detail. */
export const DataCategoriesRoute = () => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const errorText = useErrorText();
  const datasets = useDatasets({ page: 1, limit: DATASET_LIST_LIMIT });
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<DatasetSort>('alphabetical');
  const [aboutOpen, setAboutOpen] = useState(false);
  const aboutId = useId();

  const visible = useMemo(() => {
    const needle = foldText(search.trim());
    const items = (datasets.data?.items ?? []).filter(
      (dataset) =>
        !needle ||
        foldText(datasetNameIn(dataset, language)).includes(needle) ||
        foldText(pickLocalized(dataset, 'description', language) ?? '').includes(needle),
    );
    return sortDatasets(items, sort, language);
  }, [datasets.data, search, sort, language]);

  const total = datasets.data?.items.length ?? 0;

  return (
    <Page title={t('data.title')}>
      <p className="mt-3 max-w-3xl text-stone-600">{t('data.lead')}</p>

      <div className="mt-4">
        <button
          type="button"
          aria-expanded={aboutOpen}
          aria-controls={aboutId}
          onClick={() => setAboutOpen((open) => !open)}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-800 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
        >
          {t('data.aboutToggle')}
          <ChevronDownIcon className={cn('size-4 transition-transform', aboutOpen && 'rotate-180')} />
        </button>
        <div
          id={aboutId}
          hidden={!aboutOpen}
          className="mt-3 max-w-3xl rounded-xl border border-stone-200 bg-white p-5 text-sm leading-relaxed text-stone-700"
        >
          <p>{t('data.about1')}</p>
          <p className="mt-2">{t('data.about2')}</p>
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <TextField
          type="search"
          label={t('data.searchLabel')}
          placeholder={t('data.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="w-full sm:max-w-sm"
        />
        <div
          role="group"
          aria-label={t('data.sortLabel')}
          className="inline-flex self-start rounded-md border border-stone-300 bg-white p-0.5 shadow-sm sm:self-auto"
        >
          {SORTS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={sort === option.value}
              onClick={() => setSort(option.value)}
              className={cn(
                'rounded px-3 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600',
                sort === option.value ? 'bg-brand-700 text-white' : 'text-stone-600 hover:bg-stone-100',
              )}
            >
              {t(option.label)}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-6">
        {datasets.isPending && (
          <p role="status" className="flex items-center gap-2 py-8 text-sm text-stone-600">
            <Spinner className="size-5 text-brand-700" />
            {t('loading', { ns: 'common' })}
          </p>
        )}
        {datasets.isError && (
          <div className="flex flex-col items-start gap-3">
            <Alert>
              <p className="font-semibold">{t('data.loadFailed')}</p>
              <p>{errorText(datasets.error, t('data.loadFailed'))}</p>
            </Alert>
            <Button variant="secondary" onClick={() => void datasets.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          </div>
        )}
        {datasets.isSuccess && total === 0 && (
          <p
            role="status"
            className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-600"
          >
            {t('data.empty')}
          </p>
        )}
        {datasets.isSuccess && total > 0 && visible.length === 0 && (
          <p
            role="status"
            className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-600"
          >
            {t('data.noMatches')}
          </p>
        )}
        {visible.length > 0 && (
          <ul aria-label={t('data.listLabel')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((dataset) => (
              <li key={dataset.id}>
                <DatasetCard dataset={dataset} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
};
