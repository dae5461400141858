import { formatNumber } from '@/shared/format/format';
import type { Language } from '@/shared/i18n/language';

const KILOBYTE = 1000;
const MEGABYTE = 1000 * KILOBYTE;

/** `1112` → `1.1 kB`, `2400000` → `2.4 MB`, in the visitor's number format (decimal units, as file managers show). */
export const formatFileSize = (bytes: number, language: Language): string => {
  const [value, unit] =
    bytes >= MEGABYTE
      ? [bytes / MEGABYTE, 'megabyte']
      : bytes >= KILOBYTE
        ? [bytes / KILOBYTE, 'kilobyte']
        : [bytes, 'byte'];
  return formatNumber(value, language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
};
