import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCoordinates, formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import type { CollectLocation } from '../lib/collect-db';

const MapPointPicker = lazy(async () => ({ default: (await import('./map-point-picker')).MapPointPicker }));

/** How long the phone may look for a position, and that a fresh one is wanted. */
const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 30_000, maximumAge: 0 };

type Problem = 'unsupported' | 'denied' | 'unavailable';

type LocationPickerProps = { location: CollectLocation | null; onChange: (location: CollectLocation | null) => void };

/** Where the asset is: from the phone (with its accuracy) or a point tapped on the map. */
export const LocationPicker = ({ location, onChange }: LocationPickerProps) => {
  const { t } = useTranslation('collect');
  const language = useLanguage();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [mapOpen, setMapOpen] = useState(false);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setProblem('unsupported');
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        onChange({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: Math.round(coords.accuracy),
          source: 'device',
        });
      },
      (error) => {
        setLocating(false);
        setProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      POSITION_OPTIONS,
    );
  };

  const coordinates = location ? formatCoordinates(location.latitude, location.longitude, language) : null;
  return (
    <section aria-labelledby="collect-location-heading" className="flex flex-col gap-3">
      <h2 id="collect-location-heading" className="text-lg font-semibold text-stone-900">
        {t('location.heading')}
      </h2>
      <p role="status" className="text-base text-stone-800">
        {locating
          ? t('location.locating')
          : !location
            ? t('location.none')
            : location.accuracy !== null
              ? t('location.fromDevice', { coordinates, accuracy: formatNumber(location.accuracy, language) })
              : t('location.fromMap', { coordinates })}
      </p>
      {problem && <p className="text-sm font-semibold text-red-700">{t(`location.${problem}`)}</p>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button className="min-h-12" onClick={locate} loading={locating} disabled={locating}>
          {t('location.useDevice')}
        </Button>
        <Button variant="secondary" className="min-h-12" aria-expanded={mapOpen} onClick={() => setMapOpen(!mapOpen)}>
          {mapOpen ? t('location.hideMap') : t('location.pickOnMap')}
        </Button>
        {location && (
          <Button variant="ghost" className="min-h-12" onClick={() => onChange(null)}>
            {t('location.clear')}
          </Button>
        )}
      </div>
      {mapOpen && (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-stone-600">{t('location.mapHint')}</p>
          <Suspense fallback={<Spinner className="size-6 text-brand-700" />}>
            <MapPointPicker
              point={location}
              label={t('location.mapLabel')}
              onPick={(point) => onChange({ ...point, accuracy: null, source: 'map' })}
            />
          </Suspense>
        </div>
      )}
    </section>
  );
};
