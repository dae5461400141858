import { describe, expect, it } from 'vitest';
import { numberAnswer, readDay, readNumber } from './answer-values';

describe('number answers', () => {
  it('reads integers and decimals typed with a comma or a dot, and nothing else', () => {
    expect(readNumber('12')).toBe(12);
    expect(readNumber(' -6500 ')).toBe(-6500);
    expect(readNumber('3,5')).toBe(3.5);
    expect(readNumber('3.5')).toBe(3.5);
    expect(readNumber('')).toBeNull();
    expect(readNumber('   ')).toBeNull();
    expect(readNumber(null)).toBeNull();
    expect(readNumber('twelve')).toBeNull();
    expect(readNumber('1,5,2')).toBeNull();
  });

  it('sends a decimal comma as a dot', () => {
    expect(numberAnswer(' 3,25 ')).toBe('3.25');
  });
});

describe('date answers', () => {
  it('takes only days that exist, written YYYY-MM-DD', () => {
    expect(readDay('2024-02-29')).toBe('2024-02-29');
    expect(readDay('2023-02-29')).toBeNull();
    expect(readDay('2024-13-01')).toBeNull();
    expect(readDay('1.5.2024')).toBeNull();
    expect(readDay('')).toBeNull();
  });
});
