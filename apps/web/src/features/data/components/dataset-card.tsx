import type { Dataset } from '@trashegimia/contract/datasets';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { formatNumber } from '@/shared/format/format';
import { datasetNameIn, pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { datasetColor } from '@/shared/map/asset-color';
import { NotPublicCount } from '@/shared/ui/not-public-count';

/** A dataset category: its colour, name, description and 'Asete' count, linking to /data/{id}. */
export const DatasetCard = ({ dataset }: { dataset: Dataset }) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const color = datasetColor(dataset.pillColor);
  const description = pickLocalized(dataset, 'description', language);
  return (
    <Link
      to={paths.dataset.getHref(dataset.id)}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
    >
      <span aria-hidden="true" className="h-2" style={{ backgroundColor: color }} />
      <span className="flex flex-1 flex-col gap-3 p-5">
        <span className="font-serif text-xl font-semibold text-stone-900 group-hover:text-brand-800">
          {datasetNameIn(dataset, language)}
        </span>
        {description && <span className="line-clamp-3 text-sm leading-relaxed text-stone-600">{description}</span>}
        <span className="mt-auto flex items-baseline gap-1.5 pt-2">
          <span className="text-2xl font-semibold text-stone-900 tabular-nums">
            {formatNumber(dataset.stats.totalResponses, language)}
          </span>
          <span className="text-sm font-medium text-stone-600">
            {t('data.assets')}
            <NotPublicCount count={dataset.stats.notPublicResponses} />
          </span>
        </span>
      </span>
    </Link>
  );
};
