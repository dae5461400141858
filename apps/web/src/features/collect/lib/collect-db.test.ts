import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { makePhoto, makeSubmission } from '../testing/submission-fixtures';
import {
  deleteSubmission,
  getPhotoBytes,
  getSubmission,
  listSubmissions,
  loadSurveys,
  putPhotoBytes,
  putSubmission,
  saveSurveys,
} from './collect-db';

describe('collect storage', () => {
  it('keeps submissions with their photos per account, newest first, until deleted with their photos', async () => {
    const older = makeSubmission({ id: 'a', updatedAt: '2026-05-01T00:00:00.000Z', photos: [makePhoto('p')] });
    await putPhotoBytes('p', new Uint8Array([1, 2, 3]).buffer);
    const newer = makeSubmission({ id: 'b', updatedAt: '2026-05-02T00:00:00.000Z' });
    const someoneElses = makeSubmission({ id: 'c', userId: '2' });
    for (const submission of [older, newer, someoneElses]) await putSubmission(submission);

    expect((await listSubmissions('1')).map((submission) => submission.id)).toEqual(['b', 'a']);
    expect((await getSubmission('a'))!.photos).toEqual([makePhoto('p')]);
    expect(new Uint8Array((await getPhotoBytes('p'))!)).toEqual(new Uint8Array([1, 2, 3]));

    await deleteSubmission('a');
    expect(await getSubmission('a')).toBeNull();
    expect(await getPhotoBytes('p')).toBeNull();
  });

  it('keeps the surveys last downloaded by each account', async () => {
    expect(await loadSurveys('9')).toBeNull();
    await saveSurveys({ userId: '9', items: [], downloadedAt: '2026-05-01T00:00:00.000Z' });
    expect(await loadSurveys('9')).toEqual({ userId: '9', items: [], downloadedAt: '2026-05-01T00:00:00.000Z' });
  });
});
