import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Guideline, type CreateGuidelineBody, type GuidelineFileType } from '@trashegimia/contract/guidelines';
import { UploadGrant } from '@trashegimia/contract/storage';
import { apiRequest } from '@/shared/api/api-client';
import { uploadFile } from '@/shared/media/upload-file';

/** POST /api/guidelines/upload/sas: where to PUT the file; a wrong type or too large a file is refused first. */
export const requestGuidelineUpload = (file: File, contentType: GuidelineFileType) =>
  apiRequest('/guidelines/upload/sas', {
    method: 'POST',
    body: { fileName: file.name, contentType, size: file.size },
    schema: UploadGrant,
    fallback: 'getGuidelineUploadUrlFailed',
  });

/** POST /api/guidelines: registers the uploaded file under its title; the server checks the file's first bytes. */
export const registerGuideline = (body: CreateGuidelineBody) =>
  apiRequest('/guidelines', { method: 'POST', body, schema: Guideline, fallback: 'createGuidelineFailed' });

export type GuidelineUpload = {
  file: File;
  contentType: GuidelineFileType;
  title: string;
  /** Bytes sent so far. */
  onProgress?: (loadedBytes: number) => void;
};

/** Spec §4 'Guideline upload': an upload slot, the file sent there with the slot's headers, then the document registered. */
export const uploadGuideline = async ({ file, contentType, title, onProgress }: GuidelineUpload) => {
  const grant = await requestGuidelineUpload(file, contentType);
  await uploadFile({ url: grant.uploadUrl, headers: grant.requiredHeaders, contentType, file, onProgress });
  return registerGuideline({ title, path: grant.blobPath, contentType });
};

export const useUploadGuideline = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadGuideline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guidelines'] }),
  });
};
