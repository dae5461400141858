import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { makeSubmission } from '../testing/submission-fixtures';
import { listSubmissions, putSubmission } from './collect-db';
import type { SendSteps } from './send-submission';
import { syncQueue } from './sync-queue';

const steps = (submit: SendSteps['submit']): SendSteps => ({
  submit,
  requestUpload: vi.fn(),
  readPhoto: vi.fn(),
  upload: vi.fn(),
  forgetPhotos: vi.fn(async () => undefined),
  listMedia: vi.fn(),
  reconcile: vi.fn(),
  save: putSubmission,
});

describe('syncQueue', () => {
  it('sends the queued submissions oldest first and leaves drafts alone', async () => {
    const userId = 'queue-1';
    await putSubmission(makeSubmission({ id: 'new', userId, updatedAt: '2026-05-03T00:00:00.000Z' }));
    await putSubmission(makeSubmission({ id: 'old', userId, updatedAt: '2026-05-01T00:00:00.000Z', state: 'sending' }));
    await putSubmission(makeSubmission({ id: 'draft', userId, state: 'draft', body: null }));
    const sent: string[] = [];
    await syncQueue(
      userId,
      steps(async (body) => {
        sent.push(body.uniqueId);
        return { id: `asset-${sent.length}` };
      }),
    );
    const states = Object.fromEntries((await listSubmissions(userId)).map((item) => [item.id, item.state]));
    expect(states).toEqual({ new: 'sent', old: 'sent', draft: 'draft' });
    expect(sent).toHaveLength(2);
  });

  it('stops at the first submission that finds no connection, keeping the rest waiting', async () => {
    const userId = 'queue-2';
    await putSubmission(makeSubmission({ id: 'one', userId, updatedAt: '2026-05-01T00:00:00.000Z' }));
    await putSubmission(makeSubmission({ id: 'two', userId, updatedAt: '2026-05-02T00:00:00.000Z' }));
    const submit = vi.fn(async () => Promise.reject(new ApiError({ status: 0, message: 'Network error' })));
    await syncQueue(userId, steps(submit));
    expect(submit).toHaveBeenCalledTimes(1);
    expect((await listSubmissions(userId)).map((item) => item.state)).toEqual(['waiting', 'waiting']);
  });

  it('sends after all when the connection returns just as a send fails, without waiting for the next retry', async () => {
    const userId = 'queue-3';
    await putSubmission(makeSubmission({ id: 'only', userId }));
    let online = false;
    let comeBackOnline = () => {};
    const submit = vi.fn(async () => {
      if (online) return { id: 'asset-1' };
      // The 'online' event arrives while this send is still failing: the queue is asked again mid-run.
      comeBackOnline();
      throw new ApiError({ status: 0, message: 'Network error' });
    });
    const send = steps(submit);
    comeBackOnline = () => {
      online = true;
      void syncQueue(userId, send);
    };
    await syncQueue(userId, send);
    await vi.waitFor(async () => expect((await listSubmissions(userId))[0]?.state).toBe('sent'));
    expect(submit).toHaveBeenCalledTimes(2);
  });
});
