import { describe, expect, it } from 'vitest';
import { compareQuestionNr, localize } from './survey-text';

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
