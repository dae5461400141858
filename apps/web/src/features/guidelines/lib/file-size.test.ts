import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size';

describe('fileSize', () => {
  it('counts bytes, kilobytes and megabytes with one decimal at most', () => {
    expect(fileSize(512, 'en')).toEqual({ size: '512', unit: 'byte' });
    expect(fileSize(1112, 'en')).toEqual({ size: '1.1', unit: 'kilobyte' });
    expect(fileSize(2_400_000, 'en')).toEqual({ size: '2.4', unit: 'megabyte' });
  });

  it("writes the decimals the visitor's way", () => {
    expect(fileSize(1112, 'xk')).toEqual({ size: '1,1', unit: 'kilobyte' });
  });
});
