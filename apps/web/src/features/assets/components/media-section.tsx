import type { MediaItem, MediaType } from '@trashegimia/contract/assets';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptFor } from '@/shared/media/media-files';
import { MediaTypeIcon } from '@/shared/media/media-type-icon';
import { Button, buttonClasses } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';

/** One medium with the name the page gives it: its file's name, else "Photo 2 · 6 May 2024". */
export type LabelledMedia = { item: MediaItem; label: string };

type MediaSectionProps = {
  type: MediaType;
  media: LabelledMedia[];
  /** While an upload or a removal runs, nothing else may change the list. */
  busy: boolean;
  onUpload: (type: MediaType, files: File[]) => void;
  onOpen: (media: LabelledMedia) => void;
  onEdit: (media: LabelledMedia) => void;
  onRemove: (media: LabelledMedia) => void;
};

const isImage = (item: MediaItem) => item.type === 'PHOTO' || Boolean(item.contentType?.startsWith('image/'));

/**
 * A section of the media screen: the asset's files of one type, each with its name and caption
 * (both editable) and removable, and a picker to add more.
 */
export const MediaSection = ({ type, media, busy, onUpload, onOpen, onEdit, onRemove }: MediaSectionProps) => {
  const { t } = useTranslation('assetsAdmin');
  const title = t(`media.sections.${type}`);
  const headingId = `media-section-${type}`;

  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again (after a failure) is still a change.
    event.target.value = '';
    if (files.length > 0) onUpload(type, files);
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 font-serif text-xl font-semibold text-stone-900">
          <MediaTypeIcon type={type} className="size-5 text-brand-700" />
          {title}
          <span className="text-base font-normal text-stone-500 tabular-nums">({media.length})</span>
        </h2>
        <label
          className={cn(
            buttonClasses('secondary'),
            'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-amber-600',
            busy && 'cursor-not-allowed text-stone-400',
          )}
        >
          {t('media.add')}
          <input
            type="file"
            multiple
            accept={acceptFor(type)}
            disabled={busy}
            aria-label={t('media.addTo', { section: title })}
            onChange={handleFiles}
            className="sr-only"
          />
        </label>
      </div>

      {media.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{t('media.empty')}</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {media.map((entry) => (
            <li
              key={entry.item.id}
              className="flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-stone-50"
            >
              <button
                type="button"
                onClick={() => onOpen(entry)}
                aria-label={t('media.openLabel', { name: entry.label })}
                className="block aspect-[4/3] w-full bg-stone-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-amber-600"
              >
                {isImage(entry.item) ? (
                  <img src={entry.item.url} alt="" loading="lazy" className="size-full object-cover" />
                ) : (
                  <span className="flex size-full items-center justify-center text-stone-500">
                    <MediaTypeIcon type={entry.item.type} className="size-12" />
                  </span>
                )}
              </button>
              <div className="flex flex-1 flex-col gap-1 px-3 py-2">
                <p className="truncate font-semibold text-stone-900" title={entry.label}>
                  {entry.label}
                </p>
                {entry.item.caption && <p className="text-sm break-words text-stone-700">{entry.item.caption}</p>}
                <div className="mt-auto flex justify-end gap-1 pt-1">
                  <Button
                    variant="ghost"
                    className="px-2.5 py-1.5"
                    disabled={busy}
                    aria-label={t('media.editDetailsLabel', { name: entry.label })}
                    onClick={() => onEdit(entry)}
                  >
                    {t('media.editDetails')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2.5 py-1.5 text-red-700"
                    disabled={busy}
                    aria-label={t('media.removeLabel', { name: entry.label })}
                    onClick={() => onRemove(entry)}
                  >
                    {t('media.remove')}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
