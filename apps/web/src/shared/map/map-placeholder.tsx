/**
 * The map's place while Leaflet, a chunk of its own, loads: the map's own background at its size, so
 * the page's text paints without waiting for the map library and nothing moves when it arrives.
 */
export const MapPlaceholder = () => <div className="h-full w-full bg-stone-200" />;
