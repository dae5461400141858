import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/shared/i18n/i18n';
import { htmlLangFor, LANGUAGES, toLanguage, type Language } from '@/shared/i18n/language';
import { cn } from '@/shared/ui/cn';
import { useToast } from '@/shared/ui/use-toast';

const SHORT_LABEL: Record<Language, string> = { xk: 'XK', en: 'EN', sr: 'SR' };

/** XK · EN · SR as a group of toggle buttons; the pressed one is the current language. */
export const LanguageSwitcher = ({ className }: { className?: string }) => {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  // Offline, a language whose texts were never downloaded cannot load: the page keeps its own and says why.
  const switchTo = (language: Language) =>
    changeLanguage(language).catch(() =>
      showToast({ tone: 'error', message: t('language.unavailable', { language: t(`language.${language}`) }) }),
    );

  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('inline-flex rounded-md border border-stone-300 bg-white p-0.5 shadow-sm', className)}
    >
      {LANGUAGES.map((language) => {
        const isCurrent = language === current;
        return (
          <button
            key={language}
            type="button"
            lang={htmlLangFor(language)}
            aria-pressed={isCurrent}
            onClick={() => void switchTo(language)}
            className={cn(
              'rounded px-2.5 py-1 text-xs font-semibold tracking-wider transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600',
              isCurrent ? 'bg-brand-700 text-white' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
            )}
          >
            {SHORT_LABEL[language]}
            <span className="sr-only"> – {t(`language.${language}`)}</span>
          </button>
        );
      })}
    </div>
  );
};
