import { describe, expect, it } from 'vitest';
import { compareQuestionNr, localize } from './survey-text';
import { escapeLike, foldAccents } from './text-search';

describe('question numbers', () => {
  it('sort by dotted segment, numerically', () => {
    const numbers = ['10', '1.10', '2', '1.2', '1', '1.2.1', '1.9', 'A', '1.x'];
    expect([...numbers].sort(compareQuestionNr)).toEqual(['1', '1.2', '1.2.1', '1.9', '1.10', '1.x', '2', '10', 'A']);
  });
});

describe('localized texts', () => {
  const row = { titleXk: 'Komuna', titleEn: 'Municipality', titleSr: '  ' };
  it("pick the request's language, and Albanian when that one is empty", () => {
    expect(localize(row, 'title', 'en')).toBe('Municipality');
    expect(localize(row, 'title', 'xk')).toBe('Komuna');
    expect(localize(row, 'title', 'sr')).toBe('Komuna');
    expect(localize({ titleXk: null, titleEn: null, titleSr: null }, 'title', 'en')).toBeNull();
  });
});

describe('text search', () => {
  it('folds Albanian and Serbian letters to their base letters', () => {
    expect(foldAccents('Pejë, Çarshia, Čačak, Đakovica, Šar, Žabljak')).toBe(
      'Peje, Carshia, Cacak, Dakovica, Sar, Zabljak',
    );
    // Decomposed input (e + combining diaeresis) folds the same way.
    expect(foldAccents('Peje\u0308')).toBe('Peje');
  });

  it("escapes LIKE's wildcards", () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});
