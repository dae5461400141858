import { Viewer } from '@photo-sphere-viewer/core';
import { EquirectangularVideoAdapter } from '@photo-sphere-viewer/equirectangular-video-adapter';
import { VideoPlugin } from '@photo-sphere-viewer/video-plugin';
import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/video-plugin/index.css';

/**
 * Photo Sphere Viewer and its video parts, with their styles: a module of its own, imported by the
 * panorama viewer only when a 360° medium is opened, so three.js stays out of every other page.
 */
export type PanoramaOptions = {
  container: HTMLElement;
  url: string;
  /** An equirectangular video (played muted and looping) rather than a still image. */
  isVideo: boolean;
  /** The viewer's own button and message texts, in the page's language. */
  lang: Record<string, string>;
  onReady: () => void;
  onError: () => void;
};

export function openPanorama({ container, url, isVideo, lang, onReady, onError }: PanoramaOptions): Viewer {
  // Zoomed out all the way, the first view shows as much of the place as the frame holds.
  const common = { container, lang, defaultZoomLvl: 0 };
  const viewer = isVideo
    ? new Viewer({
        ...common,
        adapter: EquirectangularVideoAdapter.withConfig({ autoplay: true, muted: true }),
        panorama: { source: url },
        plugins: [VideoPlugin],
        navbar: ['videoPlay', 'videoVolume', 'videoTime', 'zoom', 'move', 'fullscreen'],
      })
    : new Viewer({ ...common, panorama: url, navbar: ['zoom', 'move', 'fullscreen'] });
  viewer.addEventListener('panorama-loaded', onReady, { once: true });
  viewer.addEventListener('panorama-error', onError, { once: true });
  return viewer;
}
