import { describe, expect, it } from 'vitest';
import { escapeLike, foldAccents } from './text-search';

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
