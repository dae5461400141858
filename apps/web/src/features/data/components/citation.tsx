import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { Button } from '@/shared/ui/button';
import { useHydrated } from '@/shared/ui/use-hydrated';
import { useToast } from '@/shared/ui/use-toast';

/**
 * What every suggested citation names besides its subject, in the interface language: the site, the
 * address of the page cited (`path`) and the day it was read. Null until the page runs in the
 * browser: the address and the day are the reader's, which a server render does not know.
 */
export const useCitationParts = (path: string) => {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return { site: t('appName'), url: `${window.location.origin}${path}`, accessed: formatDate(new Date(), language) };
};

/** A suggested citation and a button that copies it; rendered in the browser only (see useCitationParts). */
export const Citation = ({ text }: { text: string }) => {
  const { t } = useTranslation('public');
  const { showToast } = useToast();

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => showToast({ message: t('citation.copied'), tone: 'success' }),
      () => showToast({ message: t('citation.copyFailed'), tone: 'error' }),
    );

  return (
    <>
      <p className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2.5 text-sm break-words text-stone-800">
        {text}
      </p>
      {/* The clipboard is offered to secure pages only; elsewhere the text is selected by hand. */}
      {'clipboard' in navigator && (
        <Button variant="secondary" onClick={() => void copy()} className="self-start">
          {t('citation.copy')}
        </Button>
      )}
    </>
  );
};
