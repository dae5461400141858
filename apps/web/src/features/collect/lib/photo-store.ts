import { deletePhotoBytes, getPhotoBytes, putPhotoBytes } from './collect-db';

/** Where a draft's photo bytes wait, apart from the draft, until they are sent. */
export type PhotoStore = {
  put: (photoId: string, bytes: ArrayBuffer) => Promise<unknown>;
  get: (photoId: string) => Promise<ArrayBuffer | null>;
  remove: (photoIds: string[]) => Promise<void>;
};

/** The device's storage, beside the drafts. */
export const devicePhotoStore: PhotoStore = { put: putPhotoBytes, get: getPhotoBytes, remove: deletePhotoBytes };

/** This page's memory, gone with it: for a form that keeps nothing on the device (the survey editor's preview). */
export const pagePhotoStore = (): PhotoStore => {
  const photos = new Map<string, ArrayBuffer>();
  return {
    put: async (photoId, bytes) => photos.set(photoId, bytes),
    get: async (photoId) => photos.get(photoId) ?? null,
    remove: async (photoIds) => {
      for (const photoId of photoIds) photos.delete(photoId);
    },
  };
};
