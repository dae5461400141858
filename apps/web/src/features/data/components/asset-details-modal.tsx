import type { AssetDetail } from '@trashegimia/contract/assets';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import { formatCoordinates, formatDate } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { hasCoordinates } from '@/shared/map/asset-color';
import { EmbeddedMap } from '@/shared/map/embedded-map';
import { Alert } from '@/shared/ui/alert';
import { buttonClasses } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { Modal } from '@/shared/ui/modal';
import { Spinner } from '@/shared/ui/spinner';
import { useShownAsset } from '../api/use-shown-asset';
import { AssetAnswers } from './asset-answers';
import { AssetPdfButton } from './asset-pdf-button';
import { AssetPhotos } from './asset-photos';
import { StatusBadge } from './status-badge';

/** One term and its value; a direct child of the <dl>, so screen readers read them as a pair. */
const Field = ({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) => (
  <div className={cn('flex flex-col gap-0.5', wide && 'sm:col-span-2')}>
    <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{label}</dt>
    <dd className="text-sm break-words text-stone-900">{children}</dd>
  </div>
);

const DetailsBody = ({ asset }: { asset: AssetDetail }) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const name = asset.name?.trim() || t('asset.noName');
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Field label={t('asset.id')}>
          <span className="font-mono text-xs">{asset.id}</span>
        </Field>
        <Field label={t('asset.date')}>{formatDate(asset.date, language)}</Field>
        <Field label={t('asset.statusLabel')}>
          <StatusBadge status={asset.status} />
        </Field>
        <Field label={t('asset.place')}>
          {[asset.municipality, asset.village].filter((part) => part?.trim()).join(' · ') || '—'}
        </Field>
        <Field label={t('asset.comment')} wide>
          {asset.comments?.trim() || '—'}
        </Field>
        <Field label={t('asset.coordinates')} wide>
          {hasCoordinates(asset)
            ? formatCoordinates(asset.locationAlt, asset.locationLong, language)
            : t('asset.noCoordinates')}
        </Field>
      </dl>
      {hasCoordinates(asset) && (
        <EmbeddedMap
          latitude={asset.locationAlt}
          longitude={asset.locationLong}
          label={t('mapEmbed.label', { name })}
        />
      )}
      <AssetPhotos assetId={asset.id} headingLevel={3} />
      <AssetAnswers answers={asset.answers} headingLevel={3} />
    </div>
  );
};

type AssetDetailsModalProps = {
  /** The asset the address names, or null while the dialog is closed. */
  assetId: string | null;
  /** Its name as the list showed it: the title until the asset itself arrives (undefined: not known). */
  listedName?: string | null;
  onClose: () => void;
};

/**
 * Details of one asset (GET /surveys/assets/{id}): id, date, status, comment, place on a map,
 * photos, answers; and the way to its own page and its PDF.
 */
export const AssetDetailsModal = ({ assetId, listedName, onClose }: AssetDetailsModalProps) => {
  const { t } = useTranslation('public');
  const errorText = useErrorText();
  const { detail, notFound } = useShownAsset(assetId);
  const noName = t('asset.noName');
  const title = detail.data
    ? detail.data.name?.trim() || noName
    : notFound
      ? t('assetPage.notFound')
      : listedName !== undefined
        ? listedName?.trim() || noName
        : t('loading', { ns: 'common' });
  const loadFailed = t('dataset.details.loadFailed');
  return (
    <Modal
      open={assetId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      size="xl"
      footer={
        detail.data && (
          <>
            <AssetPdfButton asset={detail.data} label={t('assetPage.pdf')} className={buttonClasses('secondary')} />
            <Link to={paths.asset.getHref(detail.data.id)} className={buttonClasses('primary')}>
              {t('dataset.details.openPage')}
            </Link>
          </>
        )
      }
    >
      {notFound ? (
        <Alert>
          <p className="font-semibold">{t('assetPage.notFound')}</p>
          <p>{t('assetPage.notFoundHint')}</p>
        </Alert>
      ) : (
        <>
          {detail.isPending && (
            <p role="status" className="flex items-center gap-2 py-6 text-sm text-stone-600">
              <Spinner className="size-5 text-brand-700" />
              {t('loading', { ns: 'common' })}
            </p>
          )}
          {detail.isError && (
            <Alert>
              <p className="font-semibold">{loadFailed}</p>
              <p>{errorText(detail.error, loadFailed)}</p>
            </Alert>
          )}
          {detail.data && <DetailsBody asset={detail.data} />}
        </>
      )}
    </Modal>
  );
};
