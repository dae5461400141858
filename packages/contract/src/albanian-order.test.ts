import { describe, expect, it } from 'vitest';
import { albanianSortKey, compareAlbanian, compareCodePoints } from './albanian-order';

/** Each word of the alphabet's pairs before the next; the database's side is apps/server/src/db/albanian-order.test.ts. */
const IN_ORDER = [
  'Cana',
  'Çeku',
  'Dardani',
  'Dushi, Gurrakoc',
  'Dushi, Gjonaj',
  'Dhima',
  'Elezi',
  'Ezi',
  'Ëmbla',
  'Gurrakoc',
  'Gjonaj',
  'Lura',
  'Llapi',
  'Nura',
  'Njeri',
  'Rama',
  'Rrahmani',
  'Sadiku',
  'Shala',
  'Tahiri',
  'Thaçi',
  'Vula',
  'Wagner',
  'Xani',
  'Xhaka',
  'Yll',
  'Zeka',
  'Zhuri',
];

const shuffled = (words: string[]) => [...words].reverse().sort((a, b) => a.length - b.length);

describe('the Albanian order of names', () => {
  it('puts Ç, Ë and the digraphs after every word that continues their first letter otherwise', () => {
    expect(shuffled(IN_ORDER).sort(compareAlbanian)).toEqual(IN_ORDER);
  });

  it('is the order of the Albanian collation wherever the alphabet decides it', () => {
    const albanian = new Intl.Collator('sq', { sensitivity: 'base' });
    expect(shuffled(IN_ORDER).sort(albanian.compare)).toEqual(IN_ORDER);
  });

  it('reads digraphs left to right and in any capitals', () => {
    expect(albanianSortKey('Rrr')).toBe(albanianSortKey('rr') + 'r');
    expect(['LLAPI', 'Llapi', 'llapi', 'LlAPI'].map(albanianSortKey)).toEqual(Array(4).fill(albanianSortKey('llapi')));
  });

  it('ignores case and accents other than Ç and Ë', () => {
    expect(compareAlbanian('ČARŠIJA', 'carsija')).toBe(0);
    expect(compareAlbanian('đakoviça', 'ĐAKOVIÇA')).toBe(0);
    expect(compareAlbanian('Çeku', 'Ceku')).toBeGreaterThan(0);
    expect(compareAlbanian('Ëmbla', 'Embla')).toBeGreaterThan(0);
  });

  it('puts spaces, punctuation and digits before letters', () => {
    expect(['Ura', 'Ur 2', 'Ur-1', 'Ur1'].sort(compareAlbanian)).toEqual(['Ur 2', 'Ur-1', 'Ur1', 'Ura']);
  });

  it('compares code points as PostgreSQL compares bytes, beyond U+FFFF too', () => {
    expect(compareCodePoints('a\u{1F3DB}', 'a\uFFFD')).toBeGreaterThan(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'ab')).toBe(0);
  });
});
