import { useTranslation } from 'react-i18next';
import { osmEmbedUrl, osmLinkUrl } from './osm-embed';

type EmbeddedMapProps = { latitude: number; longitude: number; label: string };

/** A small OpenStreetMap view around one point, with the attribution OpenStreetMap asks for. */
export const EmbeddedMap = ({ latitude, longitude, label }: EmbeddedMapProps) => {
  const { t } = useTranslation('public');
  return (
    <figure className="overflow-hidden rounded-lg border border-stone-200">
      <iframe
        title={label}
        src={osmEmbedUrl(latitude, longitude)}
        className="block h-64 w-full bg-stone-100 sm:h-80"
        loading="lazy"
        referrerPolicy="no-referrer"
      />
      <figcaption className="flex flex-wrap items-center justify-between gap-2 bg-stone-50 px-3 py-2 text-xs text-stone-600">
        <span>
          ©{' '}
          <a
            href="https://www.openstreetmap.org/copyright"
            target="_blank"
            rel="noreferrer"
            className="underline underline-offset-2 hover:text-brand-800"
          >
            {t('mapEmbed.attribution')}
          </a>
        </span>
        <a
          href={osmLinkUrl(latitude, longitude)}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          {t('mapEmbed.openLarger')}
        </a>
      </figcaption>
    </figure>
  );
};
