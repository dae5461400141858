import { describe, expect, it } from 'vitest';
import { firstText } from './survey-text';

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
});
