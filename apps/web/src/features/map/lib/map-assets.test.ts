import { describe, expect, it } from 'vitest';
import { makeDataset } from '@/shared/testing/data-factories';
import { RISK_COLORS } from '@/shared/map/map-constants';
import { chosenDatasets, toMapAssets } from './map-assets';

const point = (id: string, date: string, risk: string | null, riskLevel: 'high' | 'medium' | 'low', datasetId = 1) => ({
  id,
  datasetId,
  lat: 42.2,
  lng: 20.7,
  name: id,
  municipality: null,
  village: null,
  date,
  risk,
  riskLevel,
});

describe('toMapAssets', () => {
  it("colours by risk (the dataset's colour when none), newest first, naming the dataset in the language", () => {
    const monuments = makeDataset({ id: 1, name: 'Monumente', nameEn: 'Monuments', pillColor: '#8B4513' });
    const landscapes = makeDataset({ id: 2, name: 'Peizazhe', pillColor: '#2E7D32' });
    const assets = toMapAssets(
      [monuments, landscapes],
      [
        {
          points: [
            point('kulla', '2024-01-01T00:00:00Z', '1', 'high'),
            point('ura', '2024-03-01T00:00:00Z', null, 'low'),
          ],
          coverage: { kind: 'complete' },
        },
        { points: [point('gryka', '2024-02-01T00:00:00Z', null, 'low', 2)], coverage: { kind: 'complete' } },
      ],
      'en',
    );
    expect(assets.map((a) => [a.id, a.color, a.datasetName])).toEqual([
      ['ura', '#8B4513', 'Monuments'],
      ['gryka', '#2E7D32', 'Peizazhe'],
      ['kulla', RISK_COLORS.high, 'Monuments'],
    ]);
  });

  it('leaves out a dataset whose points have not arrived yet', () => {
    expect(toMapAssets([makeDataset()], [undefined], 'xk')).toEqual([]);
  });
});

describe('chosenDatasets', () => {
  it('follows the slots, once each, skipping empty slots and datasets that are gone', () => {
    const [a, b, c] = [makeDataset({ id: 1 }), makeDataset({ id: 2 }), makeDataset({ id: 3 })];
    expect(chosenDatasets([3, null, 1, 3, 99], [a!, b!, c!]).map((d) => d.id)).toEqual([3, 1]);
  });
});
