import type { Import } from '@trashegimia/contract/imports';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { Alert } from '@/shared/ui/alert';
import { buttonClasses } from '@/shared/ui/button';

/** The asset list showing what an import created: UPLOADED assets of its dataset. */
const importedAssetsHref = (datasetId: number) =>
  `${paths.admin.assets.getHref()}?${new URLSearchParams({ status: 'UPLOADED', datasetId: String(datasetId) })}`;

/** A run as it goes: a progress bar while it writes, then what became of it. */
export const ImportProgress = ({ current }: { current: Import }) => {
  const { t } = useTranslation('imports');
  const language = useLanguage();

  if (current.state === 'imported') {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="info">{t('run.done', { assets: current.importedAssets, fileName: current.fileName })}</Alert>
        <Link to={importedAssetsHref(current.datasetId)} className={buttonClasses('secondary')}>
          {t('run.viewAssets')}
        </Link>
      </div>
    );
  }

  if (current.state === 'failed') {
    return (
      <Alert>
        <p className="font-semibold">{t('run.failed')}</p>
        {current.error && <p>{current.error}</p>}
      </Alert>
    );
  }

  const total = Math.max(current.rowCount, 1);
  const processed = Math.min(current.processedRows, current.rowCount);
  const text = t('run.progress', {
    processed: formatNumber(processed, language),
    total: formatNumber(current.rowCount, language),
  });
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-stone-700">{t('run.running')}</p>
      <div
        role="progressbar"
        aria-label={t('run.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={current.rowCount}
        aria-valuenow={processed}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width]"
          style={{ width: `${(processed / total) * 100}%` }}
        />
      </div>
      <p className="text-sm text-stone-600 tabular-nums">{text}</p>
    </div>
  );
};
