import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@/shared/i18n/language';
import { cn } from '@/shared/ui/cn';

type LanguageTabsProps = {
  label: string;
  children: (language: Language) => ReactNode;
};

/**
 * XK (Shqip), EN (English), SR (Srpski) tabs (spec §2), the WAI-ARIA tabs pattern: arrow keys,
 * Home and End move between tabs, Tab goes into the panel.
 */
export const LanguageTabs = ({ label, children }: LanguageTabsProps) => {
  const { t } = useTranslation('surveys');
  const [selected, setSelected] = useState<Language>('xk');
  const baseId = useId();
  const tabRefs = useRef(new Map<Language, HTMLButtonElement>());

  const select = (language: Language) => {
    setSelected(language);
    tabRefs.current.get(language)?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    const index = LANGUAGES.indexOf(selected);
    const target = {
      ArrowRight: LANGUAGES[(index + 1) % LANGUAGES.length],
      ArrowLeft: LANGUAGES[(index + LANGUAGES.length - 1) % LANGUAGES.length],
      Home: LANGUAGES[0],
      End: LANGUAGES[LANGUAGES.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-stone-200" onKeyDown={handleKeyDown}>
        {LANGUAGES.map((language) => (
          <button
            key={language}
            ref={(element) => {
              if (element) tabRefs.current.set(language, element);
              else tabRefs.current.delete(language);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${language}`}
            aria-selected={selected === language}
            aria-controls={`${baseId}-panel-${language}`}
            tabIndex={selected === language ? 0 : -1}
            onClick={() => select(language)}
            className={cn(
              '-mb-px rounded-t-md border px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600',
              selected === language
                ? 'border-stone-200 border-b-white bg-white text-brand-800'
                : 'border-transparent text-stone-600 hover:text-stone-900',
            )}
          >
            {t(`tabs.${language}`)}
          </button>
        ))}
      </div>
      {LANGUAGES.map((language) => (
        <div
          key={language}
          role="tabpanel"
          id={`${baseId}-panel-${language}`}
          aria-labelledby={`${baseId}-tab-${language}`}
          hidden={selected !== language}
          className="rounded-b-md border border-t-0 border-stone-200 bg-white p-4"
        >
          {selected === language && children(language)}
        </div>
      ))}
    </div>
  );
};
