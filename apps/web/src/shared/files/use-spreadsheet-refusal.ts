import { MAX_IMPORT_CELLS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@trashegimia/contract/imports';
import { useTranslation } from 'react-i18next';
import type enErrors from '@/locales/en/errors.json';
import { isApiError } from '@/shared/api/api-error';
import { useAppConfig } from '@/shared/api/get-app-config';
import { useErrorText } from '@/shared/api/use-error-text';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';

/** Why the server could not read a spreadsheet (its limits, a password, …), each worded in `errors:spreadsheet`. */
type RefusalCode = keyof typeof enErrors.spreadsheet.refused;

const MEGABYTE = 1024 * 1024;

/**
 * What the spreadsheet uploads (the bulk import, an XLSForm) tell about the server's reading of a
 * file: its size limit, once /api/config has said it, and a refusal in the visitor's language.
 */
export const useSpreadsheetRefusal = () => {
  const { t, i18n } = useTranslation('errors');
  const language = useLanguage();
  const errorText = useErrorText();
  const maxBytes = useAppConfig().data?.uploadLimits.importMaxBytes;

  const refusalText = (error: unknown, fallback: string): string => {
    const code = isApiError(error) ? error.code : null;
    if (code && i18n.exists(`spreadsheet.refused.${code}`, { ns: 'errors' })) {
      return t(`spreadsheet.refused.${code as RefusalCode}`, {
        rows: formatNumber(MAX_IMPORT_ROWS, language),
        columns: formatNumber(MAX_IMPORT_COLUMNS, language),
        cells: formatNumber(MAX_IMPORT_CELLS, language),
      });
    }
    if (isApiError(error) && error.status === 413) return t('spreadsheet.tooLargeForServer');
    return errorText(error, fallback);
  };

  return {
    maxBytes,
    maxMegabytes: maxBytes === undefined ? undefined : Math.floor(maxBytes / MEGABYTE),
    refusalText,
  };
};
