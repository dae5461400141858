import { formatNumber } from '@/shared/format/format';
import type { Language } from '@/shared/i18n/language';

const KILOBYTE = 1000;
const MEGABYTE = 1000 * KILOBYTE;

/** A size's unit, by which the texts (`documentation:fileSize.<unit>`) write it. */
export type FileSizeUnit = 'byte' | 'kilobyte' | 'megabyte';

/**
 * `1112` → `1.1` kilobytes, `2400000` → `2.4` megabytes, in the visitor's number format with one
 * decimal at most (decimal units, as file managers show).
 */
export const fileSize = (bytes: number, language: Language): { size: string; unit: FileSizeUnit } => {
  const [value, unit]: [number, FileSizeUnit] =
    bytes >= MEGABYTE
      ? [bytes / MEGABYTE, 'megabyte']
      : bytes >= KILOBYTE
        ? [bytes / KILOBYTE, 'kilobyte']
        : [bytes, 'byte'];
  return { size: formatNumber(value, language, { min: 0, max: 1 }), unit };
};
