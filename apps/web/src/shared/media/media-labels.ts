import type { MediaItem } from '@trashegimia/contract/assets';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';

/**
 * What each medium is called, in the given order: the uploaded file's name, else what `unnamed`
 * makes of it and its number among the media of its type ("Photo 2"). Never the storage path,
 * whose name is a generated id.
 */
export const mediaLabels = (
  items: readonly MediaItem[],
  unnamed: (item: MediaItem, number: number) => string,
): string[] => {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const number = (seen.get(item.type) ?? 0) + 1;
    seen.set(item.type, number);
    return item.originalName ?? unnamed(item, number);
  });
};

/** How a viewer names a medium to assistive technology: its caption when it has one, else its label. */
export const mediaDescription = (assetName: string, item: MediaItem, label: string) =>
  `${assetName} – ${item.caption ?? label}`;

/** mediaLabels in the visitor's language: a medium without a name is its type, number and date ("Photo 2 · 6 May 2024"). */
export const useMediaLabels = () => {
  const { t } = useTranslation('media');
  const language = useLanguage();
  return useCallback(
    (items: readonly MediaItem[]) =>
      mediaLabels(items, (item, number) =>
        t('unnamed', { type: t(`types.${item.type}`), number, date: formatDate(item.createdAt, language) }),
      ),
    [t, language],
  );
};
