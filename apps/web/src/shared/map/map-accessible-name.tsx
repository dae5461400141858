import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** Leaflet's container is the focusable element keyboard users reach; give it a name. */
export const MapAccessibleName = ({ label }: { label: string }) => {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
};
