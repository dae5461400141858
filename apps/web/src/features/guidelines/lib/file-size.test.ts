import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('shows bytes, kilobytes and megabytes with one decimal at most', () => {
    expect(formatFileSize(512, 'en')).toBe('512 byte');
    expect(formatFileSize(1112, 'en')).toBe('1.1 kB');
    expect(formatFileSize(2_400_000, 'en')).toBe('2.4 MB');
  });

  it("writes the decimals the visitor's way", () => {
    expect(formatFileSize(1112, 'xk')).toMatch(/^1,1\s?kB$/);
  });
});
