import type { CollectSurvey, SubmissionBody } from '@trashegimia/contract/collect';
import type { Language } from '@/shared/i18n/language';
import type { DraftAnswers } from './answers';

/**
 * A photo of a submission. Its bytes are kept apart (see putPhotoBytes), so saving the draft on
 * every answer does not write the photos again.
 */
export type StoredPhoto = {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Where the storage put it, once uploaded: it is then listed on the asset and never uploaded again. */
  blobPath: string | null;
};

export type CollectLocation = {
  latitude: number;
  longitude: number;
  /** Metres, as the phone reports them; null for a point picked on the map. */
  accuracy: number | null;
  source: 'device' | 'map';
};

/**
 * draft: being filled in · waiting: finished, to be sent · sending · sent · failed: the server
 * refused part of it; `error` says why and a retry sends what is missing.
 */
export type SubmissionState = 'draft' | 'waiting' | 'sending' | 'sent' | 'failed';

/**
 * Which step of sending the server refused (the answers, photo n, or the asset's media list), and
 * what it said: its message, and its code for the page to word (failures kept before codes were have none).
 */
export type SendFailure = {
  step: 'answers' | 'photo' | 'media';
  photo?: number;
  message: string;
  status: number;
  code?: string | null;
};

/** One filled-in survey on the device, from its first answer until the server has all of it. */
export type CollectSubmission = {
  /** Made once on the device; the server's uniqueId, so a resend makes nothing new. */
  id: string;
  userId: string;
  surveyId: number;
  /** The survey's name when it was started, for the lists. */
  surveyTitle: string;
  /** The language the survey is filled in. */
  language: Language;
  answers: DraftAnswers;
  /** The screen the collector was on. */
  screen: number;
  location: CollectLocation | null;
  photos: StoredPhoto[];
  state: SubmissionState;
  /** What is being sent: steps done of all steps (the answers, each photo, the media list). */
  progress: { done: number; total: number } | null;
  error: SendFailure | null;
  /** The request built when the collector finished; sent as is, whatever the survey becomes. */
  body: SubmissionBody | null;
  /** The asset the server made, once it has the answers. */
  assetId: string | null;
  /** Whether the uploaded photos are listed on the asset. */
  mediaListed: boolean;
  createdAt: string;
  updatedAt: string;
};

/** The surveys last downloaded by one account. */
export type StoredSurveys = { userId: string; items: CollectSurvey[]; downloadedAt: string };

const DB_NAME = 'trashegimia-collect';
const DB_VERSION = 1;
const SURVEYS = 'surveys';
const SUBMISSIONS = 'submissions';
/** Photo bytes by photo id: bytes rather than a Blob, which every browser stores. */
const PHOTO_BYTES = 'photoBytes';

const asPromise = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

let opening: Promise<IDBDatabase> | null = null;

const openDb = () => {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(SURVEYS, { keyPath: 'userId' });
      db.createObjectStore(SUBMISSIONS, { keyPath: 'id' }).createIndex('userId', 'userId');
      db.createObjectStore(PHOTO_BYTES);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error);
    };
  });
  return opening;
};

const committed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });

/** Runs one request in its own transaction and resolves once the transaction has committed. */
const run = async <T>(
  storeName: string,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> => {
  const db = await openDb();
  const transaction = db.transaction(storeName, mode);
  const result = asPromise(act(transaction.objectStore(storeName)));
  await committed(transaction);
  return result;
};

/** Tells the screens of this page that stored surveys or submissions changed. */
export const collectChanges = new EventTarget();
const changed = () => collectChanges.dispatchEvent(new Event('change'));

export const saveSurveys = async (record: StoredSurveys) => {
  await run(SURVEYS, 'readwrite', (store) => store.put(record));
  changed();
};

export const loadSurveys = async (userId: string): Promise<StoredSurveys | null> =>
  ((await run(SURVEYS, 'readonly', (store) => store.get(userId))) as StoredSurveys | undefined) ?? null;

export const putSubmission = async (submission: CollectSubmission) => {
  await run(SUBMISSIONS, 'readwrite', (store) => store.put(submission));
  changed();
};

export const getSubmission = async (id: string): Promise<CollectSubmission | null> =>
  ((await run(SUBMISSIONS, 'readonly', (store) => store.get(id))) as CollectSubmission | undefined) ?? null;

/** One account's submissions, newest first. */
export const listSubmissions = async (userId: string): Promise<CollectSubmission[]> => {
  const items = (await run(SUBMISSIONS, 'readonly', (store) =>
    store.index('userId').getAll(userId),
  )) as CollectSubmission[];
  return items.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
};

/** Deletes a submission and its photos' bytes together. */
export const deleteSubmission = async (id: string) => {
  const db = await openDb();
  const transaction = db.transaction([SUBMISSIONS, PHOTO_BYTES], 'readwrite');
  const submissions = transaction.objectStore(SUBMISSIONS);
  const photoBytes = transaction.objectStore(PHOTO_BYTES);
  submissions.get(id).onsuccess = (event) => {
    const submission = (event.target as IDBRequest<CollectSubmission | undefined>).result;
    for (const photo of submission?.photos ?? []) photoBytes.delete(photo.id);
    submissions.delete(id);
  };
  await committed(transaction);
  changed();
};

export const putPhotoBytes = (photoId: string, bytes: ArrayBuffer) =>
  run(PHOTO_BYTES, 'readwrite', (store) => store.put(bytes, photoId));

export const getPhotoBytes = async (photoId: string): Promise<ArrayBuffer | null> =>
  ((await run(PHOTO_BYTES, 'readonly', (store) => store.get(photoId))) as ArrayBuffer | undefined) ?? null;

export const deletePhotoBytes = async (photoIds: string[]) => {
  const db = await openDb();
  const transaction = db.transaction(PHOTO_BYTES, 'readwrite');
  for (const photoId of photoIds) transaction.objectStore(PHOTO_BYTES).delete(photoId);
  await committed(transaction);
};
