import type { MediaType } from '@trashegimia/contract/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAsset } from '@/shared/api/get-asset';
import { useAssetMedia } from '@/shared/api/get-asset-media';
import { useReconcileMedia } from '@/shared/api/reconcile-media';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import { MEDIA_SECTIONS } from '@/shared/media/media-files';
import { mediaDescription, useMediaLabels } from '@/shared/media/media-labels';
import { MediaViewer } from '@/shared/media/media-viewer';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListLoadError, ListLoading } from '@/shared/ui/list-states';
import { Modal } from '@/shared/ui/modal';
import { Page } from '@/shared/ui/page';
import { useToast } from '@/shared/ui/use-toast';
import { MediaDetailsDialog, type MediaDetails } from '../components/media-details-dialog';
import { MediaSection, type LabelledMedia } from '../components/media-section';
import { MediaUploadStatus } from '../components/media-upload-status';
import { useMediaUpload } from '../lib/use-media-upload';

/** Spec §9: an asset's id is shown by its first 8 characters. */
const SHORT_ID_LENGTH = 8;

const linkClasses =
  'text-sm text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600';

/**
 * admin/surveys/assets/:id/media: the asset's media in sections by type (spec §2 'Media screen'),
 * each with uploads (progress, cancel), its name and caption to edit, and removal after
 * confirmation, which only drops the reference.
 */
export const AssetMediaRoute = () => {
  const { t } = useTranslation('assetsAdmin');
  const { id = '' } = useParams();
  const errorText = useErrorText();
  const { showToast } = useToast();
  const asset = useAsset(id);
  const media = useAssetMedia(id);
  const upload = useMediaUpload(id);
  const removal = useReconcileMedia(id);
  const detailsChange = useReconcileMedia(id);
  const labelsOf = useMediaLabels();
  const [opened, setOpened] = useState<LabelledMedia | null>(null);
  const [editing, setEditing] = useState<LabelledMedia | null>(null);
  const [removing, setRemoving] = useState<LabelledMedia | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const busy = upload.running || removal.isPending || detailsChange.isPending;

  const items = media.data?.items ?? [];
  const labels = labelsOf(items);
  const labelled = (type: MediaType): LabelledMedia[] =>
    items.flatMap((item, index) => (item.type === type ? [{ item, label: labels[index]! }] : []));

  const handleRefresh = async () => {
    setRefreshing(true);
    const result = await media.refetch();
    setRefreshing(false);
    showToast(
      result.isError
        ? { message: errorText(result.error, t('api.listMediaFailed', { ns: 'errors' })), tone: 'error' }
        : { message: t('media.refreshed'), tone: 'success' },
    );
  };

  const handleSaveDetails = (details: MediaDetails) => {
    if (!editing) return;
    const { path } = editing.item;
    detailsChange.mutate(
      (current) => current.map((reference) => (reference.path === path ? { ...reference, ...details } : reference)),
      {
        onSuccess: () => {
          setEditing(null);
          showToast({ message: t('media.details.saved'), tone: 'success' });
        },
      },
    );
  };

  const handleRemove = () => {
    if (!removing) return;
    const { path } = removing.item;
    removal.mutate((current) => current.filter((reference) => reference.path !== path), {
      onSuccess: () => {
        setRemoving(null);
        showToast({ message: t('media.saved'), tone: 'success' });
      },
      onError: () => showToast({ message: t('media.removeFailed'), tone: 'error' }),
    });
  };

  const assetName = asset.data?.name?.trim() || t('asset.noName', { ns: 'public' });

  return (
    <Page title={t('assets.media', { ns: 'admin' })}>
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
        <Link to={paths.admin.assets.getHref()} className={linkClasses}>
          ← {t('media.backToList')}
        </Link>
        <Link to={paths.admin.asset.getHref(id)} className={linkClasses}>
          {t('media.toAsset')}
        </Link>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-lg font-semibold text-stone-900">
            {asset.isSuccess ? assetName : null}
            <span className="ml-2 font-mono text-sm font-normal text-stone-500">
              {t('media.assetId', { id: id.slice(0, SHORT_ID_LENGTH) })}
            </span>
          </p>
          <p className="mt-1 max-w-3xl text-sm text-stone-600">{t('media.lead')}</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void handleRefresh()}
          loading={refreshing}
          disabled={refreshing || !media.isSuccess}
        >
          {t('media.refresh')}
        </Button>
      </div>

      <div className="mt-6 flex flex-col gap-6">
        <MediaUploadStatus state={upload.state} onCancel={upload.cancel} onDismiss={upload.dismiss} />
        {media.isPending && <ListLoading />}
        {media.isError && <ListLoadError error={media.error} onRetry={() => void media.refetch()} />}
        {media.isSuccess &&
          MEDIA_SECTIONS.map((type) => (
            <MediaSection
              key={type}
              type={type}
              media={labelled(type)}
              busy={busy}
              onUpload={(sectionType, files) => void upload.start(sectionType, files)}
              onOpen={setOpened}
              onEdit={(entry) => {
                detailsChange.reset();
                setEditing(entry);
              }}
              onRemove={(entry) => {
                removal.reset();
                setRemoving(entry);
              }}
            />
          ))}
      </div>

      <Modal
        open={opened !== null}
        onOpenChange={(open) => !open && setOpened(null)}
        title={opened?.label ?? ''}
        size="xl"
      >
        {opened && (
          <figure className="flex flex-col gap-3">
            <MediaViewer item={opened.item} name={mediaDescription(assetName, opened.item, opened.label)} />
            {opened.item.caption && <figcaption className="text-sm text-stone-700">{opened.item.caption}</figcaption>}
          </figure>
        )}
      </Modal>
      <MediaDetailsDialog
        editing={editing}
        pending={detailsChange.isPending}
        error={detailsChange.isError ? errorText(detailsChange.error, t('media.saveFailed')) : null}
        onSave={handleSaveDetails}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('media.confirmRemove.title')}
        description={t('media.confirmRemove.description', { name: removing?.label ?? '' })}
        confirmLabel={t('media.remove')}
        cancelLabel={t('media.cancel')}
        onConfirm={handleRemove}
        pending={removal.isPending}
        error={removal.isError ? errorText(removal.error, t('media.removeFailed')) : null}
      />
    </Page>
  );
};
