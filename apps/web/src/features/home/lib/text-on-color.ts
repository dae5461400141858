/**
 * Which text colour reads on a dataset colour (WCAG 2.x). The spec asks for white text on a selected
 * dataset's colour; that fails on light colours (yellow, light orange), so there the text turns
 * near-black. White stays wherever it reaches the AA ratio for normal text.
 */

/** WCAG AA for normal-size text; the tiles' "responses" label is small text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The near-black used instead of white: Tailwind's stone-900, the app's body text colour. */
export const DARK_TEXT_COLOR = '#1c1917';

type Rgb = readonly [number, number, number];

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` optional; alpha ignored); null for anything else. */
export function parseHexColor(color: string): Rgb | null {
  const hex = color.trim().replace(/^#/, '');
  if (!/^[0-9a-f]+$/i.test(hex)) return null;
  const short = hex.length === 3 || hex.length === 4;
  if (!short && hex.length !== 6 && hex.length !== 8) return null;
  const channel = (i: number) => parseInt(short ? hex[i]!.repeat(2) : hex.slice(2 * i, 2 * i + 2), 16);
  return [channel(0), channel(1), channel(2)];
}

/** Relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio of two luminances, 1 to 21. */
export const contrastRatio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

const WHITE_LUMINANCE = 1;
const DARK_LUMINANCE = relativeLuminance(parseHexColor(DARK_TEXT_COLOR)!);

/**
 * 'light' (white) text when white reaches MIN_TEXT_CONTRAST on the background or still beats
 * near-black; otherwise 'dark'. A colour that is not hex (the API does not check pillColor) keeps
 * white, as the spec says.
 */
export function textToneOn(background: string): 'light' | 'dark' {
  const rgb = parseHexColor(background);
  if (!rgb) return 'light';
  const luminance = relativeLuminance(rgb);
  const onWhite = contrastRatio(luminance, WHITE_LUMINANCE);
  if (onWhite >= MIN_TEXT_CONTRAST) return 'light';
  return contrastRatio(luminance, DARK_LUMINANCE) > onWhite ? 'dark' : 'light';
}
