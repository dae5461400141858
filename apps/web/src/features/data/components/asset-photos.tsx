import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetMedia } from '@/shared/api/get-asset-media';

type AssetPhotosProps = {
  assetId: string;
  /** 2 on the asset's page, 3 inside the details dialog, whose title is the 2. */
  headingLevel: 2 | 3;
};

/** The asset's photos as a grid, each opening full size in a new tab; nothing when it has none. */
export const AssetPhotos = ({ assetId, headingLevel }: AssetPhotosProps) => {
  const { t } = useTranslation('public');
  const headingId = useId();
  const media = useAssetMedia(assetId);
  const photos = media.data?.items.filter((item) => item.type === 'PHOTO') ?? [];
  if (photos.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <Heading id={headingId} className="font-serif text-lg font-semibold text-stone-900">
        {t('dataset.details.photos')}
      </Heading>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a
              href={photo.url}
              target="_blank"
              rel="noreferrer"
              className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
            >
              <img
                src={photo.url}
                alt={t('dataset.details.photoAlt', { number: index + 1 })}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-lg bg-stone-100 object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
};
