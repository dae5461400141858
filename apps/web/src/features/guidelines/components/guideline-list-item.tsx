import type { Guideline } from '@trashegimia/contract/guidelines';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { Button } from '@/shared/ui/button';
import { fileSize } from '../lib/file-size';
import { FileTypeIcon } from './file-type-icon';

type GuidelineListItemProps = {
  guideline: Guideline;
  /** Given for PDFs that have a preview URL: opens the preview. */
  onView?: () => void;
  onDownload: () => void;
  downloading: boolean;
  /** More buttons after 'download', e.g. the back office's rename and delete. */
  actions?: ReactNode;
};

/** One document: its type icon, title, size and date; 'view' (PDFs only) and 'download'. */
export const GuidelineListItem = ({ guideline, onView, onDownload, downloading, actions }: GuidelineListItemProps) => {
  const { t } = useTranslation('documentation');
  const language = useLanguage();
  const sizeText = (bytes: number) => {
    const { size, unit } = fileSize(bytes, language);
    return t(`fileSize.${unit}`, { size });
  };
  const details = [
    t(`type.${guideline.contentType}`),
    guideline.size === null ? null : sizeText(guideline.size),
    formatDate(guideline.createdAt, language),
  ].filter(Boolean);

  return (
    <article className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <FileTypeIcon type={guideline.contentType} className="h-12 w-10" />
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-stone-900">{guideline.title}</h2>
          <p className="mt-0.5 text-sm text-stone-600">{details.join(' · ')}</p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {onView && (
          <Button variant="secondary" onClick={onView} aria-label={t('viewLabel', { title: guideline.title })}>
            {t('view')}
          </Button>
        )}
        <Button
          onClick={onDownload}
          loading={downloading}
          disabled={downloading}
          aria-label={t('downloadLabel', { title: guideline.title })}
        >
          {downloading ? t('downloading') : t('download')}
        </Button>
        {actions}
      </div>
    </article>
  );
};
