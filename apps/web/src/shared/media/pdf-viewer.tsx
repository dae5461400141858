import { useTranslation } from 'react-i18next';
import type { ViewerProps } from './viewer-props';

/**
 * The browser's own PDF viewer in a frame (the file is ours, so the CSP's frame-src 'self' allows
 * it), with a link to open it in a tab: phones and some browsers show no PDF inside a frame.
 */
export const PdfViewer = ({ item, name }: ViewerProps) => {
  const { t } = useTranslation('media');
  return (
    <div className="flex flex-col gap-2">
      <iframe
        src={item.url}
        title={t('pdf.frameTitle', { name })}
        className="h-[65dvh] w-full rounded-lg border border-stone-200 bg-stone-100"
      />
      <a
        href={item.url}
        target="_blank"
        rel="noreferrer"
        className="self-start text-sm font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
      >
        {t('pdf.openInTab')}
      </a>
    </div>
  );
};
