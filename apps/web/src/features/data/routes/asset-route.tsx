import type { AssetDetail } from '@trashegimia/contract/assets';
import { recordsRisk } from '@trashegimia/contract/risk-levels';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import { formatCoordinates, formatDate } from '@/shared/format/format';
import { assetDatasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { assetColor, datasetColor, hasCoordinates } from '@/shared/map/asset-color';
import { RISK_COLORS } from '@/shared/map/map-constants';
import { useSession } from '@/shared/session/use-session';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { useDataset } from '../api/get-dataset';
import { useShownAsset } from '../api/use-shown-asset';
import { AssetAnswers } from '../components/asset-answers';
import { Citation, useCitationParts } from '../components/citation';
import { DataLicence } from '../components/data-licence';
import { AssetLocationMap } from '../components/asset-location-map';
import { AssetPdfButton } from '../components/asset-pdf-button';
import { AssetPhotos } from '../components/asset-photos';
import { StatusBadge } from '../components/status-badge';

const linkClasses = 'font-medium text-brand-800 underline-offset-4 hover:underline';
const headingClasses = 'font-serif text-3xl font-semibold tracking-tight break-words text-stone-900 sm:text-4xl';

/** The page's width and the document title, in every state. */
const Frame = ({ title, children }: { title: string; children: ReactNode }) => {
  const { t } = useTranslation('public');
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-10">
      <title>{`${title} · ${t('appName', { ns: 'common' })}`}</title>
      {children}
    </div>
  );
};

/** A term and its value in the facts list, read as a pair. */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-3 py-2">
    <dt className="text-sm text-stone-500">{label}</dt>
    <dd className="text-sm break-words text-stone-900">{children}</dd>
  </div>
);

const AssetPage = ({ asset }: { asset: AssetDetail }) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const { isAdmin } = useSession();
  // For its last update, and its colour on the map: an asset without a recorded risk is drawn in its dataset's.
  const dataset = useDataset(asset.datasetId);
  const lastUpdate = dataset.data?.lastUpdate;
  const factsId = useId();
  const locationId = useId();
  const citationId = useId();
  const name = asset.name?.trim() || t('asset.noName');
  const place = [asset.municipality, asset.village].filter((part) => part?.trim()).join(' · ');
  const recordedRisk = recordsRisk(asset.risk) ? asset.riskLevel : null;
  const datasetHref = paths.dataset.getHref(asset.datasetId);
  const datasetName = assetDatasetNameIn(asset, language);
  const citationParts = useCitationParts(paths.asset.getHref(asset.id));
  const citation = citationParts && t('citation.asset', { asset: name, dataset: datasetName, ...citationParts });

  return (
    <Frame title={name}>
      <nav aria-label={t('dataset.breadcrumb')} className="mb-3 text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-stone-500">
          <li>
            <Link to={paths.data.getHref()} className={linkClasses}>
              {t('data.title')}
            </Link>
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true">/</span>
            <Link to={datasetHref} className={linkClasses}>
              {datasetName}
            </Link>
          </li>
        </ol>
      </nav>
      <h1 className={headingClasses}>{name}</h1>
      {place && <p className="mt-2 text-stone-600">{place}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        <AssetPdfButton asset={asset} label={t('assetPage.pdf')} className={buttonClasses('secondary')} />
        {isAdmin && (
          <Link to={paths.admin.asset.getHref(asset.id)} className={buttonClasses('secondary')}>
            {t('dataset.item.edit')}
          </Link>
        )}
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <AssetPhotos assetId={asset.id} headingLevel={2} />
          <AssetAnswers answers={asset.answers} headingLevel={2} />
        </div>

        <div className="flex min-w-0 flex-col gap-8">
          <section aria-labelledby={factsId} className="flex flex-col gap-2">
            <h2 id={factsId} className="font-serif text-lg font-semibold text-stone-900">
              {t('assetPage.facts')}
            </h2>
            <dl className="divide-y divide-stone-200 border-y border-stone-200">
              <Fact label={t('dataset.title')}>
                <Link to={datasetHref} className={linkClasses}>
                  {datasetName}
                </Link>
              </Fact>
              {lastUpdate && <Fact label={t('assetPage.datasetLastUpdate')}>{formatDate(lastUpdate, language)}</Fact>}
              <Fact label={t('asset.municipality')}>{asset.municipality?.trim() || '—'}</Fact>
              <Fact label={t('asset.village')}>{asset.village?.trim() || '—'}</Fact>
              <Fact label={t('asset.date')}>{formatDate(asset.date, language)}</Fact>
              <Fact label={t('assetPage.risk.label')}>
                <span className="inline-flex items-center gap-1.5">
                  {recordedRisk && (
                    <span
                      aria-hidden="true"
                      className="size-3 rounded-full"
                      style={{ backgroundColor: RISK_COLORS[recordedRisk] }}
                    />
                  )}
                  {recordedRisk ? t(`assetPage.risk.${recordedRisk}`) : t('assetPage.risk.unassessed')}
                </span>
              </Fact>
              {/* The public sees approved assets only; administrators also others, marked. */}
              {asset.status !== 'APPROVED' && (
                <Fact label={t('asset.statusLabel')}>
                  <StatusBadge status={asset.status} />
                </Fact>
              )}
              {asset.comments?.trim() && <Fact label={t('asset.comment')}>{asset.comments}</Fact>}
            </dl>
          </section>

          {hasCoordinates(asset) && (
            <section aria-labelledby={locationId} className="flex flex-col gap-2">
              <h2 id={locationId} className="font-serif text-lg font-semibold text-stone-900">
                {t('assetPage.location')}
              </h2>
              <p className="text-sm text-stone-600">
                {formatCoordinates(asset.locationAlt, asset.locationLong, language)}
              </p>
              <AssetLocationMap
                assetId={asset.id}
                name={name}
                latitude={asset.locationAlt}
                longitude={asset.locationLong}
                color={assetColor(asset, datasetColor(dataset.data?.pillColor))}
              />
            </section>
          )}

          <section aria-labelledby={citationId} className="flex flex-col gap-3">
            <h2 id={citationId} className="font-serif text-lg font-semibold text-stone-900">
              {t('citation.title')}
            </h2>
            {citation && <Citation text={citation} />}
          </section>
          <DataLicence />
        </div>
      </div>
    </Frame>
  );
};

/**
 * /assets/:id: one asset on a page of its own, to share, bookmark and cite. An asset the visitor
 * may not see is "not found", as the server answers it.
 */
export const AssetRoute = () => {
  const { t } = useTranslation('public');
  const errorText = useErrorText();
  const { id = '' } = useParams();
  const { detail, notFound } = useShownAsset(id);

  if (notFound) {
    return (
      <Frame title={t('assetPage.notFound')}>
        <h1 className={headingClasses}>{t('assetPage.notFound')}</h1>
        <p className="mt-3 text-stone-600">{t('assetPage.notFoundHint')}</p>
        <Link to={paths.data.getHref()} className={`mt-6 inline-block ${linkClasses}`}>
          {t('dataset.backToData')}
        </Link>
      </Frame>
    );
  }
  if (detail.isError) {
    const loadFailed = t('assetPage.loadFailed');
    return (
      <Frame title={loadFailed}>
        <h1 className={headingClasses}>{loadFailed}</h1>
        <div className="mt-6 flex flex-col items-start gap-3">
          <Alert>{errorText(detail.error, loadFailed)}</Alert>
          <Button variant="secondary" onClick={() => void detail.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </div>
      </Frame>
    );
  }
  if (!detail.data) {
    return (
      <Frame title={t('loading', { ns: 'common' })}>
        <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
          <Spinner className="size-5 text-brand-700" />
          {t('loading', { ns: 'common' })}
        </p>
      </Frame>
    );
  }
  return <AssetPage asset={detail.data} />;
};
