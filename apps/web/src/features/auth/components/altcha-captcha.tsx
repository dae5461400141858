import type { AltchaWidgetElement } from 'altcha/external';
import type {} from 'altcha/types/react';
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage } from '@/shared/i18n/i18n';
import { setAltchaStrings } from './altcha-setup';

export type CaptchaHandle = {
  /** Clears the solution so the visitor solves a fresh challenge (after a failed attempt). */
  reset: () => void;
  /** Clears the solution and starts solving a fresh challenge at once (ALTCHA only). */
  solveAgain?: () => void;
};

type AltchaCaptchaProps = {
  /**
   * Where the widget fetches its challenge (GET /api/config → captcha.challengeUrl), with the user
   * name once typed: an account under attack gets a harder one. Read when solving starts.
   */
  challengeUrl: string;
  /** The solution payload once verified; null while unsolved, expired or failed. */
  onChange: (payload: string | null) => void;
  ref?: Ref<CaptchaHandle>;
};

type StateChangeDetail = { state: string; payload?: string };

/**
 * The ALTCHA proof-of-work widget. It fetches its challenge itself, solves it in web workers when
 * the form gets focus (or when its checkbox is ticked), and reports the payload through
 * 'statechange'. This component is the boundary tests replace.
 */
export const AltchaCaptcha = ({ challengeUrl, onChange, ref }: AltchaCaptchaProps) => {
  const { t } = useTranslation('auth');
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const onChangeRef = useRef(onChange);
  const language = getCurrentLanguage();
  const strings = useMemo(() => t('widget', { returnObjects: true, lng: language }), [t, language]);

  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The widget speaks our language: its strings come from our locale files, registered under our
  // language code before the element renders (and again when the language changes).
  useLayoutEffect(() => {
    const { protectedBy, ...widgetStrings } = strings;
    setAltchaStrings(language, {
      ...widgetStrings,
      footer: `${protectedBy} <a href="https://altcha.org/" target="_blank" rel="noopener" tabindex="-1" aria-label="${strings.ariaLinkLabel}">ALTCHA</a>`,
    });
  }, [language, strings]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      widgetRef.current?.reset();
      onChangeRef.current(null);
    },
    solveAgain: () => {
      widgetRef.current?.reset();
      onChangeRef.current(null);
      void widgetRef.current?.verify();
    },
  }));

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const handleStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', handleStateChange);
    return () => widget.removeEventListener('statechange', handleStateChange);
  }, []);

  return (
    <altcha-widget
      ref={widgetRef}
      challenge={challengeUrl}
      language={language}
      name="captcha"
      auto="onfocus"
      type="checkbox"
    />
  );
};
