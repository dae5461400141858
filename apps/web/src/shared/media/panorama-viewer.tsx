import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewerProps } from './viewer-props';
import { type LoadState, ViewerStatus } from './viewer-status';

const loadPanoramaRuntime = () => import('./panorama-runtime');

/**
 * A 360° medium in a panorama the visitor drags around (or turns with the navbar's buttons). The
 * spec's one type for it is THREE_SIXTY_VIDEO, yet devices also send 360° stills: an image content
 * type opens as a still panorama, anything else as an equirectangular video.
 */
export const PanoramaViewer = ({ item, name }: ViewerProps) => {
  const { t } = useTranslation('media');
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<LoadState>('loading');
  const lang = t('panorama.controls', { returnObjects: true });
  // The texts are read once per viewer: PSV takes them when it is made.
  const langRef = useRef(lang);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    loadPanoramaRuntime().then(
      ({ openPanorama }) => {
        if (cancelled) return;
        const viewer = openPanorama({
          container,
          url: item.url,
          isVideo: !item.contentType?.startsWith('image/'),
          lang: langRef.current,
          onReady: () => setState('ready'),
          onError: () => setState('failed'),
        });
        destroy = () => viewer.destroy();
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [item.url, item.contentType]);

  return (
    <div className="flex flex-col gap-2">
      <div
        ref={containerRef}
        role="application"
        aria-label={t('panorama.label', { name })}
        className="h-[60dvh] min-h-72 w-full overflow-hidden rounded-lg bg-stone-900"
      />
      <ViewerStatus
        state={state}
        texts={{ loading: t('panorama.loading'), ready: t('panorama.ready'), failed: t('panorama.failed') }}
      />
    </div>
  );
};
