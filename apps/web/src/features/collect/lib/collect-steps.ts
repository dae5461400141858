import { getAssetMedia } from '@/shared/api/get-asset-media';
import { reconcileMedia } from '@/shared/api/reconcile-media';
import { requestMediaUpload } from '@/shared/api/request-media-upload';
import { uploadFile } from '@/shared/media/upload-file';
import { submitSurvey } from '../api/submit-survey';
import { deletePhotoBytes, getPhotoBytes, putSubmission } from './collect-db';
import type { SendSteps } from './send-submission';

/** Sending against the real API: the submission call, then the back office's media grant, upload and list. */
export const collectSteps: SendSteps = {
  submit: submitSurvey,
  requestUpload: (assetId, body) => requestMediaUpload(assetId, body),
  readPhoto: getPhotoBytes,
  upload: (grant, photo, bytes) =>
    uploadFile({
      url: grant.uploadUrl,
      headers: grant.requiredHeaders,
      contentType: photo.contentType,
      file: new Blob([bytes], { type: photo.contentType }),
    }),
  forgetPhotos: deletePhotoBytes,
  listMedia: async (assetId) => (await getAssetMedia(assetId)).items.map(({ path, type }) => ({ path, type })),
  reconcile: async (assetId, media) => {
    await reconcileMedia(assetId, media);
  },
  save: putSubmission,
};
