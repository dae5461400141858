import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useAppConfig } from '@/shared/api/get-app-config';
import { MAP_CENTER, MAP_MAX_ZOOM, MAP_ZOOM } from '@/shared/map/map-constants';

type Point = { latitude: number; longitude: number };

type MapPointPickerProps = {
  point: Point | null;
  /** The map's accessible name. */
  label: string;
  onPick: (point: Point) => void;
};

const PickOnClick = ({ label, onPick }: Pick<MapPointPickerProps, 'label' | 'onPick'>) => {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
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
      <PickOnClick label={label} onPick={onPick} />
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
