import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDatasets } from '@/shared/api/get-datasets';
import { useErrorText } from '@/shared/api/use-error-text';
import { DATASET_LIST_LIMIT, HOME_DATASET_COUNT } from '@/shared/config/data-constants';
import { paths } from '@/shared/config/paths';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClasses } from '@/shared/ui/button';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { DatasetCarousel } from '../components/dataset-carousel';
import { DatasetPicker } from '../components/dataset-picker';
import { HomeMap } from '../components/home-map';
import { SummaryTiles } from '../components/summary-tiles';

/**
 * Home: title and intro, the first 6 datasets as category picker (spec §9), the map with a carousel
 * of every dataset, and one summary tile per dataset.
 */
export const HomeRoute = () => {
  const { t } = useTranslation('public');
  const errorText = useErrorText();
  const datasets = useDatasets({ page: 1, limit: DATASET_LIST_LIMIT });
  const [chosenId, setChosenId] = useState<number | null>(null);

  // Rendering the picker, the map, the carousel and the tiles is the page's heaviest work: from a
  // deferred value React renders them in slices that leave the main thread free in between.
  const loadedItems = useDeferredValue(datasets.data?.items);
  const items = loadedItems ?? [];
  const pickerItems = items.slice(0, HOME_DATASET_COUNT);
  const selected = items.find((dataset) => dataset.id === chosenId) ?? items[0];

  return (
    <div className="flex flex-col">
      <title>{`${t('home.title')} · ${t('appName', { ns: 'common' })}`}</title>
      <section className="border-b border-stone-200 bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-14">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{t('home.eyebrow')}</p>
          <h1 className="mt-2 max-w-3xl font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-5xl">
            {t('home.title')}
          </h1>
          <p className="mt-4 max-w-3xl text-base leading-relaxed text-stone-700 sm:text-lg">{t('home.intro')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={paths.data.getHref()} className={buttonClasses('primary')}>
              {t('home.browseData')}
            </Link>
            <Link to={paths.map.getHref()} className={buttonClasses('secondary')}>
              {t('home.openMap')}
            </Link>
          </div>
        </div>
      </section>

      <div className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 py-8 sm:px-6 lg:py-12">
        {(datasets.isPending || (datasets.isSuccess && !loadedItems)) && <FullScreenLoader />}

        {datasets.isError && (
          <div className="flex flex-col items-start gap-3">
            <Alert>
              <p className="font-semibold">{t('home.loadFailed')}</p>
              <p>{errorText(datasets.error, t('home.loadFailed'))}</p>
            </Alert>
            <Button variant="secondary" onClick={() => void datasets.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          </div>
        )}

        {loadedItems && !selected && (
          <p
            role="status"
            className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-stone-600"
          >
            {t('home.empty')}
          </p>
        )}

        {selected && (
          <>
            <section aria-labelledby="home-categories" className="flex flex-col gap-4">
              <h2 id="home-categories" className="font-serif text-2xl font-semibold text-stone-900">
                {t('home.picker.title')}
              </h2>
              <DatasetPicker datasets={pickerItems} selectedId={selected.id} onSelect={setChosenId} />
            </section>

            <section aria-labelledby="home-map" className="flex flex-col gap-4">
              <h2 id="home-map" className="font-serif text-2xl font-semibold text-stone-900">
                {t('home.map.title')}
              </h2>
              <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
                <HomeMap dataset={selected} />
                <DatasetCarousel datasets={items} selectedId={selected.id} onSelect={setChosenId} />
              </div>
            </section>

            <section aria-labelledby="home-summary" className="flex flex-col gap-4">
              <h2 id="home-summary" className="font-serif text-2xl font-semibold text-stone-900">
                {t('home.summary.title')}
              </h2>
              <SummaryTiles datasets={items} selectedId={selected.id} onSelect={setChosenId} />
            </section>
          </>
        )}
      </div>
    </div>
  );
};
