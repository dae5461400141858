import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { UploadFailedError } from '@/shared/media/upload-file';
import { makePhoto, makeSubmission } from '../testing/submission-fixtures';
import type { CollectSubmission, StoredPhoto } from './collect-db';
import { sendSubmission, type SendSteps } from './send-submission';

const ASSET_ID = '0b9f4a9e-1c7a-4a51-8d1e-2f3a4b5c6d7e';

/** Steps that succeed, recording every saved state; each test breaks the one it is about. */
const makeSteps = (overrides: Partial<SendSteps> = {}) => {
  const saved: CollectSubmission[] = [];
  const steps: SendSteps = {
    submit: vi.fn(async () => ({ id: ASSET_ID })),
    requestUpload: vi.fn(async (_assetId, body) => ({
      uploadUrl: `/upload/${body.extension}`,
      requiredHeaders: {},
      blobPath: `assets/${ASSET_ID}/${saved.length}.${body.extension}`,
      maxBytes: 1000,
      expiresAt: '2026-05-06T11:00:00.000Z',
    })),
    readPhoto: vi.fn(async () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0]).buffer),
    upload: vi.fn(async () => undefined),
    forgetPhotos: vi.fn(async () => undefined),
    listMedia: vi.fn(async () => [{ path: 'assets/x/existing.jpg', type: 'PHOTO' as const }]),
    reconcile: vi.fn(async () => undefined),
    save: vi.fn(async (submission) => {
      saved.push(submission);
    }),
    ...overrides,
  };
  return { steps, saved };
};

describe('sendSubmission', () => {
  it('sends the answers, uploads each photo, lists them beside what the asset has, and counts the steps', async () => {
    const { steps, saved } = makeSteps();
    const submission = makeSubmission({ photos: [makePhoto('a'), makePhoto('b')] });

    const result = await sendSubmission(submission, steps);

    expect(steps.submit).toHaveBeenCalledWith(submission.body);
    expect(steps.upload).toHaveBeenCalledTimes(2);
    const listed = vi.mocked(steps.reconcile).mock.calls[0]![1];
    expect(listed.map((media) => media.path)).toEqual([
      'assets/x/existing.jpg',
      ...result.photos.map((photo) => photo.blobPath),
    ]);
    expect(saved.map((state) => state.progress && `${state.progress.done}/${state.progress.total}`)).toEqual([
      '0/4',
      '1/4',
      '2/4',
      '3/4',
      '4/4',
      null,
    ]);
    expect(result).toMatchObject({ state: 'sent', assetId: ASSET_ID, mediaListed: true, error: null });
    // Sent photos leave the device's storage.
    expect(steps.forgetPhotos).toHaveBeenCalledWith(['a', 'b']);
  });

  it('waits, keeping what was done, when the connection drops half-way; the retry only sends what is left', async () => {
    const { steps } = makeSteps({
      upload: vi.fn(async (_grant, photo: StoredPhoto) => {
        if (photo.id === 'b') throw new UploadFailedError(0);
      }),
    });
    const first = await sendSubmission(makeSubmission({ photos: [makePhoto('a'), makePhoto('b')] }), steps);
    expect(first).toMatchObject({ state: 'waiting', assetId: ASSET_ID, error: null });
    expect(first.photos.map((photo) => photo.blobPath !== null)).toEqual([true, false]);

    const { steps: retry } = makeSteps();
    const second = await sendSubmission(first, retry);
    expect(retry.submit).not.toHaveBeenCalled();
    expect(retry.upload).toHaveBeenCalledTimes(1);
    expect(second.state).toBe('sent');
  });

  it('uploads its photos again when the server removed them, unlisted, while the device was offline for a day', async () => {
    const gone = new ApiError({ status: 400, message: 'no file has been uploaded', code: 'file_not_uploaded' });
    const reconcile = vi.fn<SendSteps['reconcile']>().mockRejectedValueOnce(gone).mockResolvedValue(undefined);
    const { steps } = makeSteps({ reconcile });
    const uploadedYesterday = makeSubmission({
      assetId: ASSET_ID,
      photos: [{ ...makePhoto('a'), blobPath: `assets/${ASSET_ID}/old.jpg` }],
    });

    const result = await sendSubmission(uploadedYesterday, steps);
    expect(steps.upload).toHaveBeenCalledTimes(1);
    const listedAgain = reconcile.mock.calls[1]![1].map((media) => media.path);
    expect(listedAgain).not.toContain(`assets/${ASSET_ID}/old.jpg`);
    expect(listedAgain).toContain(result.photos[0]!.blobPath);
    expect(result).toMatchObject({ state: 'sent', mediaListed: true, error: null });

    // Refused again after a fresh upload, it is the server's reason, not a loop.
    const { steps: refusing } = makeSteps({ reconcile: vi.fn(async () => Promise.reject(gone)) });
    const failed = await sendSubmission(uploadedYesterday, refusing);
    expect(failed).toMatchObject({ state: 'failed', error: { step: 'media', code: 'file_not_uploaded' } });
    expect(refusing.reconcile).toHaveBeenCalledTimes(2);
  });

  it('fails with the step and the server’s reason when a photo is refused, the asset already made', async () => {
    const refusal = new ApiError({ status: 403, message: 'Only administrators may change media' });
    const { steps } = makeSteps({ requestUpload: vi.fn(async () => Promise.reject(refusal)) });
    const result = await sendSubmission(makeSubmission({ photos: [makePhoto('a')] }), steps);
    expect(result).toMatchObject({
      state: 'failed',
      assetId: ASSET_ID,
      error: { step: 'photo', photo: 1, status: 403, message: 'Only administrators may change media' },
    });
    expect(steps.forgetPhotos).not.toHaveBeenCalled();
  });

  it('fails on a photo whose bytes are gone from the device, keeping the rest', async () => {
    const { steps } = makeSteps({ readPhoto: vi.fn(async () => null) });
    const result = await sendSubmission(makeSubmission({ photos: [makePhoto('a')] }), steps);
    expect(result).toMatchObject({ state: 'failed', assetId: ASSET_ID, error: { step: 'photo', photo: 1 } });
    expect(steps.requestUpload).not.toHaveBeenCalled();
  });

  it('fails on the answers with the server’s reason and code, and makes no further call', async () => {
    const refusal = new ApiError({ status: 400, message: 'Question 2.1 must be answered', code: 'required_question' });
    const { steps } = makeSteps({ submit: vi.fn(async () => Promise.reject(refusal)) });
    const result = await sendSubmission(makeSubmission({ photos: [makePhoto('a')] }), steps);
    expect(result.error).toMatchObject({ step: 'answers', status: 400, code: 'required_question' });
    expect(steps.requestUpload).not.toHaveBeenCalled();
  });
});
