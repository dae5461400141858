import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor, relativeLuminance, textToneOn } from './text-on-color';

describe('parseHexColor', () => {
  it('reads short and long hex, with or without # and alpha, and refuses anything else', () => {
    expect(parseHexColor('#8B4513')).toEqual([139, 69, 19]);
    expect(parseHexColor(' fe3 ')).toEqual([255, 238, 51]);
    expect(parseHexColor('#2e7d32cc')).toEqual([46, 125, 50]);
    expect(parseHexColor('#fe3a')).toEqual([255, 238, 51]);
    expect(parseHexColor('red')).toBeNull();
    expect(parseHexColor('#12345')).toBeNull();
    expect(parseHexColor('')).toBeNull();
  });
});

describe('relativeLuminance and contrastRatio', () => {
  it('follow WCAG: black on white is 21:1, a colour on itself 1:1', () => {
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1);
    expect(contrastRatio(0, 1)).toBeCloseTo(21);
    expect(contrastRatio(0.3, 0.3)).toBe(1);
    // #767676 is the classic lightest grey that still passes 4.5:1 on white.
    expect(contrastRatio(relativeLuminance([0x76, 0x76, 0x76]), 1)).toBeCloseTo(4.54, 2);
  });
});

describe('textToneOn', () => {
  it('keeps white text where it reads: the default brown, dark green, dark blue, red', () => {
    for (const color of ['#8b4513', '#2E7D32', '#1e3a8a', '#c62828']) expect(textToneOn(color)).toBe('light');
  });

  it('turns to near-black text on light colours such as yellow, amber or light blue', () => {
    for (const color of ['#FFEB3B', '#ffff00', '#FF9800', '#90caf9', '#fff']) expect(textToneOn(color)).toBe('dark');
  });

  it('keeps white for a colour it cannot read', () => {
    expect(textToneOn('yellow')).toBe('light');
  });
});
