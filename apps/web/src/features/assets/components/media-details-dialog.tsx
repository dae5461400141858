import type { MediaItem } from '@trashegimia/contract/assets';
import { MAX_MEDIA_CAPTION_LENGTH, MAX_MEDIA_NAME_LENGTH } from '@trashegimia/contract/media';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextField } from '@/shared/ui/text-field';
import { TextareaField } from '@/shared/ui/textarea-field';

/** What the dialog saves: blank clears. */
export type MediaDetails = { originalName: string | null; caption: string | null };

type MediaDetailsDialogProps = {
  /** The medium being edited and what the page calls it; null when closed. */
  editing: { item: MediaItem; label: string } | null;
  pending: boolean;
  error: string | null;
  onSave: (details: MediaDetails) => void;
  onClose: () => void;
};

/** A medium's name and caption, as the media screen and the archive show them. */
export const MediaDetailsDialog = ({ editing, pending, error, onSave, onClose }: MediaDetailsDialogProps) => {
  const { t } = useTranslation('assetsAdmin');
  return (
    <Modal
      open={editing !== null}
      onOpenChange={(open) => !open && !pending && onClose()}
      dismissible={!pending}
      title={t('media.details.title')}
      description={editing?.label}
    >
      {/* Keyed by the medium, so each opening starts from its own name and caption. */}
      {editing && (
        <MediaDetailsForm
          key={editing.item.id}
          item={editing.item}
          pending={pending}
          error={error}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    </Modal>
  );
};

type MediaDetailsFormProps = Omit<MediaDetailsDialogProps, 'editing'> & { item: MediaItem };

const MediaDetailsForm = ({ item, pending, error, onSave, onClose }: MediaDetailsFormProps) => {
  const { t } = useTranslation('assetsAdmin');
  const [name, setName] = useState(item.originalName ?? '');
  const [caption, setCaption] = useState(item.caption ?? '');
  const captionHintId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ originalName: name.trim() || null, caption: caption.trim() || null });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        label={t('media.details.name')}
        hint={t('media.details.nameHint')}
        value={name}
        maxLength={MAX_MEDIA_NAME_LENGTH}
        onChange={(event) => setName(event.target.value)}
      />
      <TextareaField
        label={t('media.details.caption')}
        value={caption}
        rows={3}
        maxLength={MAX_MEDIA_CAPTION_LENGTH}
        autoFocus
        aria-describedby={captionHintId}
        onChange={(event) => setCaption(event.target.value)}
      />
      <p id={captionHintId} className="-mt-2 text-xs text-stone-500">
        {t('media.details.captionHint')}
      </p>
      {error && <Alert>{error}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {t('media.cancel')}
        </Button>
        <Button type="submit" loading={pending} disabled={pending}>
          {t('media.details.save')}
        </Button>
      </div>
    </form>
  );
};
