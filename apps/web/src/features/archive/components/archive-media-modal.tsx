import type { AssetSummary, MediaItem } from '@trashegimia/contract/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAssetMedia } from '@/shared/api/get-asset-media';
import { useErrorText } from '@/shared/api/use-error-text';
import { assetDatasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { mediaDescription, useMediaLabels } from '@/shared/media/media-labels';
import { MediaTypeIcon } from '@/shared/media/media-type-icon';
import { MediaViewer } from '@/shared/media/media-viewer';
import { Alert } from '@/shared/ui/alert';
import { paths } from '@/shared/config/paths';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { Modal } from '@/shared/ui/modal';
import { Spinner } from '@/shared/ui/spinner';

/**
 * The asset's files as a row of buttons, each by its name, and the chosen one open in its viewer
 * with its caption. Nothing can be changed here.
 */
const MediaBrowser = ({ assetName, items }: { assetName: string; items: MediaItem[] }) => {
  const { t } = useTranslation('archive');
  const [chosenId, setChosenId] = useState(items[0]?.id);
  const chosen = items.find((item) => item.id === chosenId) ?? items[0];
  const labelsOf = useMediaLabels();
  const labels = labelsOf(items);
  if (!chosen) return <p className="py-4 text-sm text-stone-600">{t('modal.empty')}</p>;
  const chosenLabel = labels[items.indexOf(chosen)] ?? '';
  return (
    <div className="flex flex-col gap-4">
      {items.length > 1 && (
        <ul aria-label={t('modal.mediaList')} className="flex flex-wrap gap-2">
          {items.map((item, index) => (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={item.id === chosen.id}
                onClick={() => setChosenId(item.id)}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600',
                  item.id === chosen.id
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100',
                )}
              >
                <MediaTypeIcon type={item.type} className="size-4" />
                <span className="max-w-[16rem] truncate">{labels[index]}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <figure className="flex flex-col gap-3">
        <MediaViewer item={chosen} name={mediaDescription(assetName, chosen, chosenLabel)} />
        <figcaption className="text-sm text-stone-700">
          <span className="font-semibold break-words text-stone-900">{chosenLabel}</span>
          {chosen.caption && <span className="mt-1 block">{chosen.caption}</span>}
        </figcaption>
      </figure>
    </div>
  );
};

/** Where the media belong: the asset's place and dataset, and the way to its own page. */
const AssetRecord = ({ asset }: { asset: AssetSummary }) => {
  const { t } = useTranslation('archive');
  const language = useLanguage();
  const place = [asset.municipality, asset.village].filter((part) => part?.trim()).join(', ');
  return (
    <div className="flex flex-col gap-3 border-b border-stone-200 pb-4 sm:flex-row sm:items-end sm:justify-between">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-stone-700">{t('modal.place')}</dt>
        <dd className="text-stone-900">{place || t('modal.noPlace')}</dd>
        <dt className="font-semibold text-stone-700">{t('modal.dataset')}</dt>
        <dd className="text-stone-900">{assetDatasetNameIn(asset, language)}</dd>
      </dl>
      <Link
        to={paths.asset.getHref(asset.id)}
        className="shrink-0 text-sm font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
      >
        {t('modal.openAsset')}
      </Link>
    </div>
  );
};

type ArchiveMediaModalProps = { asset: AssetSummary | null; onClose: () => void };

/**
 * Read-only media of one asset (GET /surveys/assets/{id}/media), every type opening in the page,
 * under the asset's name, place and dataset, with a link to its own page.
 */
export const ArchiveMediaModal = ({ asset, onClose }: ArchiveMediaModalProps) => {
  const { t } = useTranslation('archive');
  const errorText = useErrorText();
  const media = useAssetMedia(asset?.id ?? null);
  const name = asset?.name?.trim() || t('asset.noName', { ns: 'public' });
  const loadFailed = t('api.listMediaFailed', { ns: 'errors' });
  return (
    <Modal
      open={asset !== null}
      onOpenChange={(open) => !open && onClose()}
      title={name}
      description={t('modal.description')}
      size="xl"
    >
      {asset && <AssetRecord asset={asset} />}
      {media.isPending && (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-stone-600">
          <Spinner className="size-5 text-brand-700" />
          {t('modal.loading')}
        </p>
      )}
      {media.isError && (
        <div className="flex flex-col items-start gap-3">
          <Alert>{errorText(media.error, loadFailed)}</Alert>
          <Button variant="secondary" onClick={() => void media.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </div>
      )}
      {media.data && asset && <MediaBrowser key={asset.id} assetName={name} items={media.data.items} />}
    </Modal>
  );
};
