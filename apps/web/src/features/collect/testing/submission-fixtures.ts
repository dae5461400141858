import type { CollectSubmission, StoredPhoto } from '../lib/collect-db';

/** A finished submission as the device keeps it; each test names what it cares about. */
export const makeSubmission = (overrides: Partial<CollectSubmission> = {}): CollectSubmission => ({
  id: '6f1c1e52-8f0e-4c3e-9d55-0a1b2c3d4e5f',
  userId: '1',
  surveyId: 1,
  surveyTitle: 'Heritage survey',
  language: 'en',
  answers: {},
  screen: 0,
  location: { latitude: 42.2, longitude: 20.7, accuracy: 12, source: 'device' },
  photos: [],
  state: 'waiting',
  progress: null,
  error: null,
  body: {
    surveyId: 1,
    uniqueId: '6f1c1e52-8f0e-4c3e-9d55-0a1b2c3d4e5f',
    date: '2026-05-06T10:00:00.000Z',
    latitude: 42.2,
    longitude: 20.7,
    answers: [{ questionId: 11, value: 'Kulla', value2: null }],
  },
  assetId: null,
  mediaListed: false,
  createdAt: '2026-05-06T09:00:00.000Z',
  updatedAt: '2026-05-06T10:00:00.000Z',
  ...overrides,
});

export const makePhoto = (id: string, overrides: Partial<StoredPhoto> = {}): StoredPhoto => ({
  id,
  name: `${id}.jpg`,
  contentType: 'image/jpeg',
  size: 4,
  blobPath: null,
  ...overrides,
});
