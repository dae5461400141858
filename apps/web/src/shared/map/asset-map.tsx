import 'leaflet/dist/leaflet.css';
import type { ReactNode } from 'react';
import { Circle, MapContainer, Popup, TileLayer } from 'react-leaflet';
import { useAppConfig } from '@/shared/api/get-app-config';
import { cn } from '@/shared/ui/cn';
import { MapAccessibleName } from './map-accessible-name';
import { ASSET_CIRCLE_RADIUS_M, MAP_CENTER, MAP_MAX_ZOOM, MAP_ZOOM } from './map-constants';

export type MapPoint = {
  id: string;
  latitude: number;
  longitude: number;
  color: string;
  /** What the circle's popup shows. */
  popup: ReactNode;
};

type AssetMapProps = {
  points: MapPoint[];
  /** The map's accessible name, e.g. 'Map of the assets of Monuments'. */
  label: string;
  /** Where the map opens; Kosovo as a whole unless a page shows one place. */
  center?: [number, number];
  zoom?: number;
  className?: string;
  children?: ReactNode;
};

/**
 * Kosovo on a Leaflet map (tiles from /api/config), each asset a circle of 800 m drawn on one canvas
 * (spec §9) so a thousand of them stay smooth. Tiles that cannot load leave the circles drawn.
 */
export const AssetMap = ({
  points,
  label,
  center = MAP_CENTER,
  zoom = MAP_ZOOM,
  className,
  children,
}: AssetMapProps) => {
  const { data: config } = useAppConfig();
  return (
    <MapContainer
      center={center}
      zoom={zoom}
      maxZoom={MAP_MAX_ZOOM}
      preferCanvas
      scrollWheelZoom={false}
      className={cn('z-0 h-full w-full bg-stone-200', className)}
    >
      <MapAccessibleName label={label} />
      {config && <TileLayer url={config.map.tileUrl} attribution={config.map.attribution} maxZoom={MAP_MAX_ZOOM} />}
      {points.map((point) => (
        <Circle
          key={point.id}
          center={[point.latitude, point.longitude]}
          radius={ASSET_CIRCLE_RADIUS_M}
          pathOptions={{ color: point.color, fillColor: point.color, fillOpacity: 0.45, weight: 2 }}
        >
          {/* Keep an opened popup clear of the zoom buttons in the corner. */}
          <Popup autoPanPaddingTopLeft={[56, 12]}>{point.popup}</Popup>
        </Circle>
      ))}
      {children}
    </MapContainer>
  );
};
