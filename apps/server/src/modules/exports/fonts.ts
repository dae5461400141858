import { createRequire } from 'node:module';

/**
 * DejaVu Sans covers Albanian (ë, ç), Serbian Latin (č, ć, đ, š, ž) and Cyrillic, so documents never
 * fall back to a standard PDF font that cannot print them. The TTF files are resolved from
 * node_modules at run time: from src/ under tsx and vitest, and from dist/main.js in the bundle
 * (the package stays external, like every other dependency). PDFKit embeds only the glyphs used.
 */
const resolveFont = (file: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);

export const FONTS = {
  regular: resolveFont('DejaVuSans.ttf'),
  bold: resolveFont('DejaVuSans-Bold.ttf'),
} as const;
