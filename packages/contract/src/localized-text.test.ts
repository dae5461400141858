import { describe, expect, it } from 'vitest';
import { localize } from './localized-text';

describe('localized texts', () => {
  it("pick the request's language, else the first written of Albanian, English, Serbian", () => {
    const row = { titleXk: 'Komuna', titleEn: 'Municipality', titleSr: '  ' };
    expect(localize(row, 'title', 'en')).toBe('Municipality');
    expect(localize(row, 'title', 'xk')).toBe('Komuna');
    expect(localize(row, 'title', 'sr')).toBe('Komuna');
    const untranslated = { descriptionXk: null, descriptionEn: '  ', descriptionSr: 'Anketa' };
    expect(localize(untranslated, 'description', 'en')).toBe('Anketa');
    expect(localize({ ...untranslated, descriptionEn: 'Survey' }, 'description', 'sr')).toBe('Anketa');
    expect(localize({ ...untranslated, descriptionXk: 'Anketë' }, 'description', 'en')).toBe('Anketë');
    expect(localize({ titleXk: null, titleEn: null, titleSr: null }, 'title', 'en')).toBeNull();
  });
});
