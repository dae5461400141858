import type { AssetPoints } from '@trashegimia/contract/assets';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { makeAsset, pageOf } from '@/shared/testing/data-factories';
import { type AssetPoint, loadDatasetPoints, type MapPointSources } from './map-data';

const point = (id: string, riskLevel: 'high' | 'medium' | 'low' = 'low'): AssetPoint => ({
  id,
  datasetId: 1,
  lat: 42.2,
  lng: 20.7,
  name: id,
  municipality: 'Prizren',
  village: null,
  date: '2024-05-06T10:00:00.000Z',
  risk: null,
  riskLevel,
});

/** The compact answer, by column, as the server sends it. */
const answer = (items: AssetPoint[], totalItems = items.length): AssetPoints => ({
  datasetId: 1,
  points: {
    id: items.map((item) => item.id),
    lat: items.map((item) => item.lat),
    lng: items.map((item) => item.lng),
    name: items.map((item) => item.name),
    municipality: items.map((item) => item.municipality),
    village: items.map((item) => item.village),
    date: items.map((item) => item.date),
    risk: items.map((item) => item.risk),
    riskLevel: items.map((item) => item.riskLevel),
  },
  meta: { totalItems, truncated: totalItems > items.length },
});

const serverError = () => new ApiError({ status: 503, message: 'busy' });

describe('loadDatasetPoints', () => {
  it('asks the compact call once, with the trimmed search and the risk level', async () => {
    const sources: MapPointSources = { points: vi.fn(async () => answer([point('a')])), listPage: vi.fn() };
    const result = await loadDatasetPoints({ datasetId: 1, search: '  Prizren ', riskLevel: 'high' }, sources);
    expect(sources.points).toHaveBeenCalledExactlyOnceWith({ datasetId: 1, search: 'Prizren', riskLevel: 'high' });
    expect(sources.listPage).not.toHaveBeenCalled();
    // The columns come back as one object per asset.
    expect(result).toEqual({ points: [point('a')], coverage: { kind: 'complete' } });
  });

  it('says so when the server sent only the newest of more matches', async () => {
    const sources: MapPointSources = {
      points: async () => answer([point('a'), point('b')], 25_000),
      listPage: vi.fn(),
    };
    const result = await loadDatasetPoints({ datasetId: 4, search: '', riskLevel: undefined }, sources);
    expect(result.coverage).toEqual({ kind: 'truncated', totalItems: 25_000 });
  });

  it('falls back to the first 1000 of the list when the compact call fails, skipping assets it cannot draw', async () => {
    const drawable = makeAsset({ riskLevel: 'high', locationAlt: 42.6, locationLong: 21.1 });
    const listPage = vi.fn(async () =>
      pageOf(
        [
          drawable,
          makeAsset({ riskLevel: 'low' }),
          makeAsset({ riskLevel: 'high', locationAlt: null, locationLong: 21 }),
          makeAsset({ riskLevel: 'high', locationAlt: Number.NaN, locationLong: 21 }),
        ],
        { limit: 1000, totalItems: 1500 },
      ),
    );
    const sources: MapPointSources = { points: async () => Promise.reject(serverError()), listPage };
    const result = await loadDatasetPoints({ datasetId: 4, search: ' kulla ', riskLevel: 'high' }, sources);
    expect(listPage).toHaveBeenCalledExactlyOnceWith({ datasetId: 4, search: 'kulla', page: 1, limit: 1000 });
    expect(result.points.map((p) => [p.id, p.lat, p.lng])).toEqual([[drawable.id, 42.6, 21.1]]);
    expect(result.coverage).toEqual({ kind: 'fallback' });
  });

  it('fails when the last resort fails too, so the page can say so and retry', async () => {
    const sources: MapPointSources = {
      points: async () => Promise.reject(serverError()),
      listPage: async () => Promise.reject(serverError()),
    };
    await expect(loadDatasetPoints({ datasetId: 4, search: '', riskLevel: undefined }, sources)).rejects.toThrow(
      'busy',
    );
  });

  it('asks nothing more once the map no longer wants the answer', async () => {
    const controller = new AbortController();
    controller.abort();
    const listPage = vi.fn();
    const sources: MapPointSources = {
      points: async () => Promise.reject(new DOMException('aborted', 'AbortError')),
      listPage,
    };
    await expect(
      loadDatasetPoints({ datasetId: 4, search: '', riskLevel: undefined }, sources, controller.signal),
    ).rejects.toThrow('aborted');
    expect(listPage).not.toHaveBeenCalled();
  });
});
