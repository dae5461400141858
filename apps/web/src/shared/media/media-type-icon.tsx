import type { MediaType } from '@trashegimia/contract/assets';
import type { SVGProps } from 'react';

const PATHS: Record<MediaType, string> = {
  PHOTO: 'M4 7h3l2-2h6l2 2h3v12H4zM12 16a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7',
  VIDEO: 'M3 6h12v12H3zM15 10l6-3v10l-6-3',
  AUDIO: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0M20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0',
  PDF: 'M14 3H6v18h12V7zM14 3v4h4M9 13h6M9 17h6',
  THREE_D: 'M12 3 4 7.5v9L12 21l8-4.5v-9zM4 7.5 12 12l8-4.5M12 12v9',
  THREE_SIXTY_VIDEO: 'M12 8c5 0 9 1.8 9 4s-4 4-9 4-9-1.8-9-4 4-4 9-4M12 3v18M8 15.5 12 16l-1.5 3',
};

/** A line icon for a media type; decorative, so put the type's name next to it. */
export const MediaTypeIcon = ({ type, ...props }: { type: MediaType } & SVGProps<SVGSVGElement>) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    {...props}
  >
    <path d={PATHS[type]} />
  </svg>
);
