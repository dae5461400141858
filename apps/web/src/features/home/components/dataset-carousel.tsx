import type { Dataset } from '@trashegimia/contract/datasets';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { formatNumber } from '@/shared/format/format';
import { datasetNameIn, pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { datasetColor } from '@/shared/map/asset-color';
import { buttonClasses } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { ChevronDownIcon } from '@/shared/ui/icons';
import { NotPublicCount } from '@/shared/ui/not-public-count';

type DatasetCarouselProps = { datasets: Dataset[]; selectedId: number; onSelect: (id: number) => void };

const arrowClasses =
  'inline-flex size-9 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-700 shadow-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600';

/**
 * The datasets one at a time beside the map (WAI-ARIA carousel): previous/next buttons, a button per
 * slide, and the arrow keys anywhere inside it. Moving the carousel selects that dataset.
 */
export const DatasetCarousel = ({ datasets, selectedId, onSelect }: DatasetCarouselProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const index = Math.max(
    0,
    datasets.findIndex((dataset) => dataset.id === selectedId),
  );
  const current = datasets[index];
  if (!current) return null;

  const go = (step: number) => {
    const next = datasets[(index + step + datasets.length) % datasets.length];
    if (next) onSelect(next.id);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  const color = datasetColor(current.pillColor);
  const description = pickLocalized(current, 'description', language);
  const name = datasetNameIn(current, language);

  return (
    <section
      aria-roledescription={t('home.carousel.roleDescription')}
      aria-label={t('home.carousel.label')}
      onKeyDown={handleKeyDown}
      className="flex h-full flex-col rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="h-1.5 rounded-t-xl" style={{ backgroundColor: color }} aria-hidden="true" />
      <div
        role="group"
        aria-roledescription={t('home.carousel.slide')}
        aria-label={t('home.carousel.position', { current: index + 1, total: datasets.length })}
        aria-live="polite"
        className="flex flex-1 flex-col gap-3 p-5"
      >
        <p className="text-xs font-semibold tracking-wider text-stone-500 uppercase">
          {t('home.carousel.position', { current: index + 1, total: datasets.length })}
        </p>
        <h3 className="font-serif text-2xl font-semibold text-stone-900">{name}</h3>
        {description && <p className="line-clamp-5 text-sm leading-relaxed text-stone-600">{description}</p>}
        <dl className="mt-auto grid grid-cols-2 gap-3 pt-2">
          <div className="rounded-lg bg-stone-50 px-3 py-2">
            <dt className="text-xs text-stone-500">{t('home.stats.responses')}</dt>
            <dd className="text-lg font-semibold text-stone-900">
              {formatNumber(current.stats.totalResponses, language)}
              <NotPublicCount count={current.stats.notPublicResponses} className="text-sm font-normal text-stone-600" />
            </dd>
          </div>
          <div className="rounded-lg bg-stone-50 px-3 py-2">
            <dt className="text-xs text-stone-500">{t('home.stats.surveys')}</dt>
            <dd className="text-lg font-semibold text-stone-900">
              {formatNumber(current.stats.totalSurveys, language)}
            </dd>
          </div>
        </dl>
        <Link to={paths.dataset.getHref(current.id)} className={buttonClasses('primary', 'w-full')}>
          {t('home.carousel.open', { name })}
        </Link>
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-stone-100 px-4 py-3">
        <button type="button" className={arrowClasses} onClick={() => go(-1)}>
          <ChevronDownIcon className="size-5 rotate-90" />
          <span className="sr-only">{t('home.carousel.previous')}</span>
        </button>
        <div className="flex flex-wrap justify-center gap-1">
          {datasets.map((dataset, position) => (
            <button
              key={dataset.id}
              type="button"
              aria-current={position === index || undefined}
              onClick={() => onSelect(dataset.id)}
              className="group rounded-full p-1.5 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block size-2.5 rounded-full transition-transform',
                  position === index ? 'scale-125' : 'opacity-40 group-hover:opacity-70',
                )}
                style={{ backgroundColor: datasetColor(dataset.pillColor) }}
              />
              <span className="sr-only">{t('home.carousel.goTo', { name: datasetNameIn(dataset, language) })}</span>
            </button>
          ))}
        </div>
        <button type="button" className={arrowClasses} onClick={() => go(1)}>
          <ChevronDownIcon className="size-5 -rotate-90" />
          <span className="sr-only">{t('home.carousel.next')}</span>
        </button>
      </div>
    </section>
  );
};
