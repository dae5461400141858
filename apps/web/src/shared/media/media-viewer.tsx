import type { MediaType } from '@trashegimia/contract/assets';
import type { ComponentType } from 'react';
import { AudioViewer } from './audio-viewer';
import { ImageViewer } from './image-viewer';
import { ModelViewer } from './model-viewer';
import { PanoramaViewer } from './panorama-viewer';
import { PdfViewer } from './pdf-viewer';
import { VideoViewer } from './video-viewer';
import type { ViewerProps } from './viewer-props';

const VIEWERS: Record<MediaType, ComponentType<ViewerProps>> = {
  PHOTO: ImageViewer,
  VIDEO: VideoViewer,
  AUDIO: AudioViewer,
  PDF: PdfViewer,
  // These two fetch their libraries (three.js and more) only when they first open a medium.
  THREE_D: ModelViewer,
  THREE_SIXTY_VIDEO: PanoramaViewer,
};

/** Opens any medium in the page with the viewer for its type; read-only. */
export const MediaViewer = ({ item, name }: ViewerProps) => {
  const Viewer = VIEWERS[item.type];
  // A new medium is a new viewer: no state (a failure, a loaded model) carries over.
  return <Viewer key={item.id} item={item} name={name} />;
};
