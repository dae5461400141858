import { canvas, circleMarker, layerGroup } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { Popup, useMap } from 'react-leaflet';
import { areaOfView, type MapArea } from '@/shared/filters/asset-range';
import { AssetMap, type MapPoint } from '@/shared/map/asset-map';
import type { MapAsset } from '../lib/map-assets';
import { FOCUS_ZOOM } from '../lib/map-constants';
import { markerRadiusPx } from '../lib/marker-radius';
import { AssetPopupContent } from './asset-details';

/** The shared map draws its own circles as React children; this page draws its points below instead. */
const NO_POINTS: MapPoint[] = [];
/** About a frame's worth of work on a modest phone. */
const MARKERS_PER_FRAME = 2000;

/**
 * Every point as a circle marker on one canvas, made by Leaflet directly rather than one React
 * element each: 10,000 points are one element to paint and no work for React when the panel
 * changes. Markers are rebuilt only when the points change; a zoom only resizes them.
 */
const PointsLayer = ({ assets, onSelect }: { assets: MapAsset[]; onSelect: (id: string) => void }) => {
  const map = useMap();
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const renderer = canvas({ padding: 0.5 });
    const radius = markerRadiusPx(map.getZoom());
    const markers = assets.map((asset) =>
      circleMarker([asset.lat, asset.lng], {
        renderer,
        radius,
        // A thin dark rim keeps yellow points visible on light tiles and neighbours apart.
        color: '#1c1917',
        opacity: 0.45,
        weight: 1,
        fillColor: asset.color,
        fillOpacity: 0.85,
        // A click on a point is not a click on the map, which would close the popup it opens.
        bubblingMouseEvents: false,
      }).on('click', () => onSelectRef.current(asset.id)),
    );
    const group = layerGroup().addTo(map);
    // Added a batch per frame, so thousands of points never hold the page up for long at once.
    let added = 0;
    let frame = 0;
    const addBatch = () => {
      const end = Math.min(added + MARKERS_PER_FRAME, markers.length);
      for (; added < end; added++) group.addLayer(markers[added]!);
      if (added < markers.length) frame = requestAnimationFrame(addBatch);
    };
    addBatch();
    const resize = () => {
      const next = markerRadiusPx(map.getZoom());
      for (const marker of markers) marker.setRadius(next);
    };
    map.on('zoomend', resize);
    return () => {
      cancelAnimationFrame(frame);
      map.off('zoomend', resize);
      group.remove();
      renderer.remove();
    };
  }, [map, assets]);
  return null;
};

/** This page is the map: unlike maps embedded in a scrolling page, the wheel zooms it. */
const WheelZoom = () => {
  const map = useMap();
  useEffect(() => {
    map.scrollWheelZoom.enable();
  }, [map]);
  return null;
};

/**
 * Opens on the area the address names (a reload or a shared link shows what was searched), then
 * reports each view the visitor moves to, for 'search in this area'.
 */
const MapView = ({ area, onViewChange }: { area: MapArea | null; onViewChange: (view: MapArea) => void }) => {
  const map = useMap();
  const onViewChangeRef = useRef(onViewChange);
  useEffect(() => {
    onViewChangeRef.current = onViewChange;
  }, [onViewChange]);
  const [initialArea] = useState(area);
  useEffect(() => {
    if (initialArea) {
      map.fitBounds([
        [initialArea.latMin, initialArea.lngMin],
        [initialArea.latMax, initialArea.lngMax],
      ]);
    }
    const report = () => {
      const bounds = map.getBounds();
      onViewChangeRef.current(areaOfView(bounds.getSouth(), bounds.getWest(), bounds.getNorth(), bounds.getEast()));
    };
    report();
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map, initialArea]);
  return null;
};

/** The chosen asset's popup; chosen from the list, the map first comes to it. */
const SelectedPopup = ({
  asset,
  bringIntoView,
  onClose,
}: {
  asset: MapAsset;
  bringIntoView: boolean;
  onClose: () => void;
}) => {
  const map = useMap();
  useEffect(() => {
    if (bringIntoView) map.setView([asset.lat, asset.lng], Math.max(map.getZoom(), FOCUS_ZOOM));
  }, [map, asset.lat, asset.lng, bringIntoView]);
  return (
    <Popup
      position={[asset.lat, asset.lng]}
      // Keep an opened popup clear of the zoom buttons in the corner.
      autoPanPaddingTopLeft={[56, 12]}
      eventHandlers={{ remove: onClose }}
    >
      <AssetPopupContent asset={asset} />
    </Popup>
  );
};

type PointsMapProps = {
  assets: MapAsset[];
  label: string;
  selected: MapAsset | null;
  /** The selection came from the list: bring it into view. */
  bringSelectedIntoView: boolean;
  onSelect: (id: string) => void;
  /** The popup of this asset was closed (its close button, Escape, or a click on the map). */
  onDeselect: (id: string) => void;
  /** The area searched, which the map opens on. */
  area: MapArea | null;
  /** The part of the map in view, each time it moves. */
  onViewChange: (view: MapArea) => void;
};

/** The interactive map: tiles and keyboard name from the shared map, this page's points and popup on top. */
export const PointsMap = ({
  assets,
  label,
  selected,
  bringSelectedIntoView,
  onSelect,
  onDeselect,
  area,
  onViewChange,
}: PointsMapProps) => (
  <AssetMap points={NO_POINTS} label={label} className="h-full">
    <WheelZoom />
    <MapView area={area} onViewChange={onViewChange} />
    <PointsLayer assets={assets} onSelect={onSelect} />
    {selected && (
      <SelectedPopup
        key={selected.id}
        asset={selected}
        bringIntoView={bringSelectedIntoView}
        onClose={() => onDeselect(selected.id)}
      />
    )}
  </AssetMap>
);
