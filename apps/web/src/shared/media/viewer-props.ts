import type { MediaItem } from '@trashegimia/contract/assets';

/** What every viewer gets: the medium (its signed URL, type and content type) and a name for it. */
export type ViewerProps = {
  item: MediaItem;
  /** Names the medium for assistive technology, e.g. "Kulla e Zekës – Photo 1". */
  name: string;
};
