import type { AssetDetail, AssetList, AssetSummary, MediaItem } from '@trashegimia/contract/assets';
import type { Dataset, DatasetDetail, DatasetFilter } from '@trashegimia/contract/datasets';
import type { AppConfigResponse } from '@trashegimia/contract/system';

/** Test data in the contract's shapes; each takes the fields a test cares about. */
const MB = 1024 * 1024;

/** GET /api/config as a default install answers it (ALTCHA, OpenStreetMap, local files, default limits). */
export const makeAppConfig = (overrides: Partial<AppConfigResponse> = {}): AppConfigResponse => ({
  captcha: { provider: 'altcha', challengeUrl: '/api/auth/captcha' },
  map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: 'OSM' },
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  storageDriver: 'local',
  uploadLimits: {
    importMaxBytes: 30 * MB,
    guidelineMaxBytes: 50 * MB,
    mediaMaxBytes: {
      PHOTO: 25 * MB,
      VIDEO: 2048 * MB,
      AUDIO: 200 * MB,
      PDF: 50 * MB,
      THREE_D: 200 * MB,
      THREE_SIXTY_VIDEO: 2048 * MB,
    },
  },
  ...overrides,
});

/** `name` sets the Albanian name unless `nameXk` is given too; English and Serbian names are left out. */
export const makeDataset = ({ name = 'Monumente', ...overrides }: Partial<Dataset> = {}): Dataset => ({
  id: 1,
  name,
  nameXk: name,
  nameEn: null,
  nameSr: null,
  pillColor: '#8B4513',
  isActive: true,
  stats: { totalResponses: 10, totalSurveys: 1, activeSurveys: 1, totalQuestions: 20 },
  description: 'Monumente të arkitekturës',
  descriptionXk: 'Monumente të arkitekturës',
  descriptionEn: 'Architectural monuments',
  descriptionSr: 'Arhitektonski spomenici',
  ...overrides,
});

/** A dataset as its own page reads it, last updated on 10 January 2025 unless told otherwise. */
export const makeDatasetDetail = ({
  lastUpdate = '2025-01-10T12:00:00.000Z',
  ...overrides
}: Partial<DatasetDetail> = {}): DatasetDetail => ({ ...makeDataset(overrides), lastUpdate });

let assetCounter = 0;

/** `datasetName` sets the Albanian dataset name too unless `datasetNameXk` is given. */
export const makeAsset = ({ datasetName = 'Monumente', ...overrides }: Partial<AssetSummary> = {}): AssetSummary => {
  assetCounter += 1;
  const suffix = String(assetCounter).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${suffix}`,
    surveyId: 1,
    datasetId: 1,
    datasetName,
    datasetNameXk: datasetName,
    datasetNameEn: null,
    datasetNameSr: null,
    uniqueId: `A-${assetCounter}`,
    name: `Aseti ${assetCounter}`,
    municipality: 'Prizren',
    village: 'Lubizhdë',
    assetType: null,
    usability: null,
    access: null,
    risk: null,
    riskLevel: 'low',
    date: '2024-05-06T10:00:00.000Z',
    locationAlt: 42.2,
    locationLong: 20.7,
    status: 'APPROVED',
    comments: null,
    adminNote: null,
    userId: null,
    deviceId: null,
    viewCount: 0,
    photoUrl: null,
    mediaTypes: [],
    ...overrides,
  };
};

/** A medium registered before names were kept (no name, no caption) unless told otherwise. */
export const makeMediaItem = (overrides: Partial<MediaItem> & Pick<MediaItem, 'id'>): MediaItem => ({
  path: `demo/${overrides.id}.png`,
  url: `/api/blobs/demo/${overrides.id}?expires=1&signature=s`,
  type: 'PHOTO',
  contentType: 'image/png',
  size: 100,
  originalName: null,
  caption: null,
  createdAt: '2024-05-06T10:00:00.000Z',
  ...overrides,
});

export const makeAssetDetail = ({ answers = [], ...overrides }: Partial<AssetDetail> = {}): AssetDetail => ({
  ...makeAsset(overrides),
  answers,
});

export const pageOf = (items: AssetSummary[], { page = 1, limit = 20, totalItems = items.length } = {}): AssetList => ({
  items,
  meta: { page, limit, totalItems, totalPages: Math.ceil(totalItems / limit) },
});

export const makeFilter = (
  id: number,
  title: string,
  options: { id: number; value: string; description?: string }[],
): DatasetFilter => ({
  question: {
    id,
    questionType: 'MULTIPLE_CHOICE',
    questionIdentifier: null,
    title,
    titleXk: title,
    titleEn: title,
    titleSr: title,
    questionOptions: options.map((option) => ({
      id: option.id,
      value: option.value,
      description: option.description ?? option.value,
      descriptionXk: option.description ?? option.value,
      descriptionEn: option.description ?? option.value,
      descriptionSr: option.description ?? option.value,
    })),
  },
});

/** Stores a session the way login does: guest, user (role 1) or admin (role 2). */
export const signInAs = (kind: 'guest' | 'user' | 'admin') => {
  localStorage.setItem('access_token', `${kind}-token`);
  localStorage.setItem('is_guest', String(kind === 'guest'));
  if (kind !== 'guest') {
    localStorage.setItem('user_id', '1');
    localStorage.setItem('user_role', kind === 'admin' ? '2' : '1');
  }
};

type MockRequest = { url: URL; method: string; body: unknown };
type MockHandler = (request: MockRequest) => Response | Promise<Response>;

/**
 * A fetch stand-in that answers by `METHOD /path` (without the query), e.g. `GET /api/datasets`;
 * anything else is a 404. Every request is recorded for assertions.
 */
export const createApiMock = (handlers: Record<string, MockHandler>) => {
  const requests: MockRequest[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { url, method, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(request) : new Response('', { status: 404 });
  };
  const calls = (method: string, pathname: string) =>
    requests.filter((request) => request.method === method && request.url.pathname === pathname);
  return { fetchMock, requests, calls };
};
