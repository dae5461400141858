import { describe, expect, it } from 'vitest';
import { firstText, formatDateTime } from './survey-text';

describe('survey texts', () => {
  it('picks the interface language, else the first written in Xk, En, Sr order', () => {
    const record = { descriptionXk: null, descriptionEn: '  ', descriptionSr: 'Anketa' };
    expect(firstText(record, 'description', 'en')).toBe('Anketa');
    expect(firstText({ ...record, descriptionEn: 'Survey' }, 'description', 'sr')).toBe('Anketa');
    expect(firstText({ ...record, descriptionXk: 'Anketë' }, 'description', 'en')).toBe('Anketë');
    expect(
      firstText({ descriptionXk: null, descriptionEn: null, descriptionSr: null }, 'description', 'xk'),
    ).toBeNull();
  });

  it('writes an audit time as a date and a 24-hour time', () => {
    const local = new Date(2026, 10, 22, 16, 5);
    expect(formatDateTime(local.toISOString(), 'xk')).toBe('22 nëntor 2026, 16:05');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});
