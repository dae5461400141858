import type { DatasetDetail } from '@trashegimia/contract/datasets';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/format/format';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { Citation, useCitationParts } from './citation';
import { DataLicence } from './data-licence';

/**
 * Under a dataset's title: when its published data last changed, the licence it is offered under,
 * and how to cite it (folded away, as few readers need it). The citation names the dataset's page
 * without the reader's filters.
 */
export const DatasetTerms = ({ dataset }: { dataset: DatasetDetail }) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const citationParts = useCitationParts(paths.dataset.getHref(dataset.id));
  const citation =
    citationParts && t('citation.dataset', { dataset: datasetNameIn(dataset, language), ...citationParts });
  return (
    <div className="mt-2 flex flex-col gap-1">
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {dataset.lastUpdate && (
          <p className="text-sm text-stone-600">
            {t('lastUpdate', { date: formatDate(dataset.lastUpdate, language) })}
          </p>
        )}
        <DataLicence />
      </div>
      <details className="text-sm">
        <summary className="w-fit cursor-pointer text-brand-800 underline-offset-4 hover:underline">
          {t('citation.title')}
        </summary>
        <div className="mt-2 flex max-w-3xl flex-col gap-2">{citation && <Citation text={citation} />}</div>
      </details>
    </div>
  );
};
