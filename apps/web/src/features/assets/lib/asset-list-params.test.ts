import { describe, expect, it } from 'vitest';
import {
  chosenFilters,
  DEFAULT_FILTERS,
  hasChosenFilters,
  readAssetListSearch,
  writeAssetListSearch,
} from './asset-list-params';

const read = (search: string) => readAssetListSearch(new URLSearchParams(search));

describe('the asset list address', () => {
  it('reads an empty address as the review defaults: uploaded assets, newest first', () => {
    expect(read('')).toEqual({ filters: DEFAULT_FILTERS, sort: 'dateDesc' });
  });

  it('reads every filter and the order it names', () => {
    expect(
      read(
        'status=REJECTED&datasetId=2&surveyId=7&userId=3&deviceId=4&name=%20Kulla%20&municipality=Prizren' +
          '&village=Lubizhd%C3%AB&dateFrom=2024-05-01&dateTo=2024-05-31&sort=municipalityAsc',
      ),
    ).toEqual({
      filters: {
        status: 'REJECTED',
        datasetId: 2,
        surveyId: 7,
        userId: 3,
        deviceId: 4,
        name: 'Kulla',
        municipality: 'Prizren',
        village: 'Lubizhdë',
        dateFrom: '2024-05-01',
        dateTo: '2024-05-31',
      },
      sort: 'municipalityAsc',
    });
  });

  it('reads a malformed parameter as its default and keeps the rest', () => {
    const { filters, sort } = read(
      `status=LOST&datasetId=0&userId=3.5&deviceId=x&dateFrom=2024-02-30&dateTo=3000-01-01&name=${'a'.repeat(201)}&village=Tusus&sort=nope`,
    );
    expect(filters).toEqual({ ...DEFAULT_FILTERS, village: 'Tusus' });
    expect(sort).toBe('dateDesc');
  });

  it('writes only what differs from the defaults, keeps other parameters and goes back to page 1', () => {
    const current = new URLSearchParams('page=4&tab=media&name=old');
    const written = writeAssetListSearch(current, {
      filters: { ...DEFAULT_FILTERS, status: 'all', userId: 3, dateTo: '2024-05-31' },
      sort: 'nameAsc',
    });
    expect(written.toString()).toBe('tab=media&status=all&userId=3&dateTo=2024-05-31&sort=nameAsc');
  });

  it('reads back what it writes', () => {
    const view = {
      filters: { ...DEFAULT_FILTERS, name: 'Ura e Fshejtë', deviceId: 9, dateFrom: '2023-12-31' },
      sort: 'dateAsc' as const,
    };
    expect(readAssetListSearch(writeAssetListSearch(new URLSearchParams(), view))).toEqual(view);
  });
});

describe('the filters sent to the server', () => {
  it('sends only the chosen filters, and no status for every status', () => {
    expect(chosenFilters(DEFAULT_FILTERS)).toEqual({ status: 'UPLOADED' });
    expect(
      chosenFilters({ ...DEFAULT_FILTERS, status: 'all', municipality: 'Prizren', userId: 3, dateFrom: '2024-05-01' }),
    ).toEqual({ municipality: 'Prizren', userId: 3, dateFrom: '2024-05-01' });
  });

  it('knows whether there is anything to clear', () => {
    expect(hasChosenFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasChosenFilters({ ...DEFAULT_FILTERS, status: 'all' })).toBe(true);
    expect(hasChosenFilters({ ...DEFAULT_FILTERS, village: 'Tusus' })).toBe(true);
  });
});
