import type { CollectSubmission } from './collect-db';
import { newUuid } from './uuid';

/** A survey just started: a draft with no answers yet, on its first screen. */
export const newSubmission = (
  started: Pick<CollectSubmission, 'userId' | 'surveyId' | 'surveyTitle' | 'language'>,
): CollectSubmission => {
  const now = new Date().toISOString();
  return {
    id: newUuid(),
    ...started,
    answers: {},
    screen: 0,
    location: null,
    photos: [],
    state: 'draft',
    progress: null,
    error: null,
    body: null,
    assetId: null,
    mediaListed: false,
    createdAt: now,
    updatedAt: now,
  };
};
