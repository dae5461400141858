import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapPoint } from '@/shared/map/asset-map';
import { MapPlaceholder } from '@/shared/map/map-placeholder';
import { usePainted } from '@/shared/ui/use-painted';

// Leaflet is a chunk of its own, fetched once the page's text has been painted, and only for an
// asset that has a place to show.
const AssetMap = lazy(() => import('@/shared/map/asset-map').then((module) => ({ default: module.AssetMap })));

/** Close enough to see the surroundings of the asset's 800 m circle. */
const ASSET_MAP_ZOOM = 13;

type AssetLocationMapProps = {
  assetId: string;
  name: string;
  latitude: number;
  longitude: number;
  /** Its risk level's colour, or its dataset's. */
  color: string;
};

/** One asset on the interactive map, centred on it; the page beside it says the rest. */
export const AssetLocationMap = ({ assetId, name, latitude, longitude, color }: AssetLocationMapProps) => {
  const { t } = useTranslation('public');
  const painted = usePainted();
  const point: MapPoint = { id: assetId, latitude, longitude, color, popup: name };
  return (
    // isolate: Leaflet's panes keep their z-index inside the map, under the sticky header.
    <div className="relative isolate h-72 overflow-hidden rounded-xl border border-stone-200 shadow-sm">
      {painted ? (
        <Suspense fallback={<MapPlaceholder />}>
          <AssetMap
            points={[point]}
            center={[latitude, longitude]}
            zoom={ASSET_MAP_ZOOM}
            label={t('mapEmbed.label', { name })}
          />
        </Suspense>
      ) : (
        <MapPlaceholder />
      )}
    </div>
  );
};
