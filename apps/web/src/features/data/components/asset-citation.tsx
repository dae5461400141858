import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { Button } from '@/shared/ui/button';
import { useToast } from '@/shared/ui/use-toast';

type AssetCitationProps = { assetId: string; name: string; datasetName: string };

/**
 * "How to cite": the asset, its dataset, the site, the page's own address and the day it was read,
 * in the pattern of the interface language.
 */
export const AssetCitation = ({ assetId, name, datasetName }: AssetCitationProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const { showToast } = useToast();
  const headingId = useId();
  const citation = t('assetPage.citation.text', {
    asset: name,
    dataset: datasetName,
    site: t('appName', { ns: 'common' }),
    url: `${window.location.origin}${paths.asset.getHref(assetId)}`,
    accessed: formatDate(new Date(), language),
  });

  const copy = () =>
    navigator.clipboard.writeText(citation).then(
      () => showToast({ message: t('assetPage.citation.copied'), tone: 'success' }),
      () => showToast({ message: t('assetPage.citation.copyFailed'), tone: 'error' }),
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-serif text-lg font-semibold text-stone-900">
        {t('assetPage.citation.title')}
      </h2>
      <p className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2.5 text-sm break-words text-stone-800">
        {citation}
      </p>
      {/* The clipboard is offered to secure pages only; elsewhere the text is selected by hand. */}
      {'clipboard' in navigator && (
        <Button variant="secondary" onClick={() => void copy()} className="self-start">
          {t('assetPage.citation.copy')}
        </Button>
      )}
    </section>
  );
};
