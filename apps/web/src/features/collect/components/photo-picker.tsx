import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadContentTypeOf } from '@/shared/media/media-files';
import { Button, buttonClasses } from '@/shared/ui/button';
import type { StoredPhoto } from '../lib/collect-db';
import type { PhotoStore } from '../lib/photo-store';
import { newUuid } from '../lib/uuid';

type PhotoPickerProps = {
  photos: StoredPhoto[];
  onChange: (photos: StoredPhoto[]) => void;
  /** Where the photos' bytes are kept. */
  store: PhotoStore;
};

/** The photo as kept in its store, drawn from an object URL that is revoked when it goes. */
const PhotoPreview = ({ photo, label, store }: { photo: StoredPhoto; label: string; store: PhotoStore }) => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let current = true;
    void store.get(photo.id).then((bytes) => {
      if (!current || !bytes) return;
      objectUrl = URL.createObjectURL(new Blob([bytes], { type: photo.contentType }));
      setUrl(objectUrl);
    });
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [store, photo.id, photo.contentType]);
  const frame = 'aspect-square w-full rounded-md border border-stone-200 bg-stone-100 object-cover';
  return url ? (
    <img src={url} alt={label} className={frame} />
  ) : (
    <div role="img" aria-label={label} className={frame} />
  );
};

/** Photos from the camera or from files, shown before they are sent; their bytes kept in `store` beside the draft. */
export const PhotoPicker = ({ photos, onChange, store }: PhotoPickerProps) => {
  const { t } = useTranslation('collect');
  const [problems, setProblems] = useState<string[]>([]);

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const added: StoredPhoto[] = [];
    const refused: string[] = [];
    for (const file of files) {
      const contentType = uploadContentTypeOf('PHOTO', file) ?? (file.type.startsWith('image/') ? file.type : null);
      if (!contentType) {
        refused.push(t('photos.notPhoto', { name: file.name }));
        continue;
      }
      try {
        const id = newUuid();
        await store.put(id, await file.arrayBuffer());
        added.push({ id, name: file.name, contentType, size: file.size, blobPath: null });
      } catch {
        refused.push(t('photos.readFailed', { name: file.name }));
      }
    }
    setProblems(refused);
    if (added.length > 0) onChange([...photos, ...added]);
  };

  const remove = (photo: StoredPhoto) => {
    onChange(photos.filter((kept) => kept.id !== photo.id));
    void store.remove([photo.id]);
  };

  const pickerClasses = buttonClasses(
    'secondary',
    'min-h-12 cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-amber-600',
  );
  return (
    <section aria-labelledby="collect-photos-heading" className="flex flex-col gap-3">
      <h2 id="collect-photos-heading" className="text-lg font-semibold text-stone-900">
        {t('photos.heading')}
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className={pickerClasses}>
          {t('photos.take')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            onChange={(event) => void addFiles(event)}
          />
        </label>
        <label className={pickerClasses}>
          {t('photos.choose')}
          <input type="file" accept="image/*" multiple className="sr-only" onChange={(event) => void addFiles(event)} />
        </label>
      </div>
      {problems.map((problem) => (
        <p key={problem} className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      ))}
      {photos.length === 0 ? (
        <p className="text-sm text-stone-600">{t('photos.none')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col gap-2">
              <PhotoPreview
                photo={photo}
                label={t('photos.preview', { number: index + 1, name: photo.name })}
                store={store}
              />
              <Button
                variant="secondary"
                className="min-h-12"
                aria-label={t('photos.removeLabel', { number: index + 1 })}
                onClick={() => remove(photo)}
              >
                {t('photos.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
