import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer, useMapEvents } from 'react-leaflet';
import { useAppConfig } from '@/shared/api/get-app-config';
import { MapAccessibleName } from '@/shared/map/map-accessible-name';
import { MAP_CENTER, MAP_MAX_ZOOM, MAP_ZOOM } from '@/shared/map/map-constants';

type Point = { latitude: number; longitude: number };

type MapPointPickerProps = {
  point: Point | null;
  /** The map's accessible name. */
  label: string;
  onPick: (point: Point) => void;
};

const PickOnClick = ({ onPick }: Pick<MapPointPickerProps, 'onPick'>) => {
  useMapEvents({ click: (event) => onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
};

/** A map to tap where the asset is; the chosen point is a marked circle. Without tiles (offline) it stays usable but blank. */
export const MapPointPicker = ({ point, label, onPick }: MapPointPickerProps) => {
  const { data: config } = useAppConfig();
  return (
    <MapContainer
      center={point ? [point.latitude, point.longitude] : MAP_CENTER}
      zoom={point ? 15 : MAP_ZOOM}
      maxZoom={MAP_MAX_ZOOM}
      className="z-0 h-72 w-full rounded-lg bg-stone-200"
    >
      <MapAccessibleName label={label} />
      <PickOnClick onPick={onPick} />
      {config && <TileLayer url={config.map.tileUrl} attribution={config.map.attribution} maxZoom={MAP_MAX_ZOOM} />}
      {point && (
        <CircleMarker
          center={[point.latitude, point.longitude]}
          radius={10}
          pathOptions={{ color: '#7c4a2d', fillColor: '#d97706', fillOpacity: 0.8, weight: 3 }}
        />
      )}
    </MapContainer>
  );
};
