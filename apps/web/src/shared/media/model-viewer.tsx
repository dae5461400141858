import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewerProps } from './viewer-props';
import { type LoadState, ViewerStatus } from './viewer-status';

/** @google/model-viewer (and three.js with it) is fetched the first time a model is opened, never before. */
const loadModelViewer = () => import('@google/model-viewer');

/**
 * A glTF/GLB model the visitor can turn and zoom (mouse, touch, or arrow keys once focused). The
 * <model-viewer> element is made here rather than in JSX: it exists only after its module has
 * registered it, and its load and error events are plain DOM events.
 */
export const ModelViewer = ({ item, name }: ViewerProps) => {
  const { t } = useTranslation('media');
  const label = t('model.label', { name });
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLElement | null>(null);
  const labelRef = useRef(label);
  const [state, setState] = useState<LoadState>('loading');

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    loadModelViewer().then(
      () => {
        if (cancelled) return;
        const viewer = document.createElement('model-viewer');
        viewer.setAttribute('src', item.url);
        viewer.setAttribute('alt', labelRef.current);
        viewer.setAttribute('camera-controls', '');
        viewer.setAttribute('shadow-intensity', '1');
        viewer.setAttribute('touch-action', 'pan-y');
        viewer.className = 'block size-full';
        viewer.addEventListener('load', () => setState('ready'));
        viewer.addEventListener('error', () => setState('failed'));
        viewerRef.current = viewer;
        container.append(viewer);
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
      viewerRef.current?.remove();
      viewerRef.current = null;
    };
  }, [item.url]);

  // Renamed apart from the element's creation, so a change of language does not reload the model.
  useEffect(() => {
    labelRef.current = label;
    viewerRef.current?.setAttribute('alt', label);
  }, [label]);

  return (
    <div className="flex flex-col gap-2">
      <div ref={containerRef} className="h-[60dvh] min-h-72 w-full overflow-hidden rounded-lg bg-stone-100" />
      <ViewerStatus
        state={state}
        texts={{ loading: t('model.loading'), ready: t('model.loaded'), failed: t('model.failed') }}
      />
    </div>
  );
};
