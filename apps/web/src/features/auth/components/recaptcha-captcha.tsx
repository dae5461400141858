import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage } from '@/shared/i18n/i18n';
import { Alert } from '@/shared/ui/alert';
import { Spinner } from '@/shared/ui/spinner';
import type { CaptchaHandle } from './altcha-captcha';
import { loadRecaptcha, type Grecaptcha } from './load-recaptcha';

type RecaptchaCaptchaProps = {
  /** The public site key (GET /api/config → captcha.recaptchaSiteKey). */
  siteKey: string;
  /** The response token once the box is ticked; null while unticked, expired or failed. */
  onChange: (payload: string | null) => void;
  ref?: Ref<CaptchaHandle>;
};

type Status = 'loading' | 'ready' | 'failed';

/**
 * Google's reCAPTCHA v2 checkbox (CAPTCHA_PROVIDER=recaptcha), rendered explicitly into an element
 * of ours once Google's script is ready. The token goes to the server as `captcha`, which checks it
 * with Google's siteverify; a token is good for one attempt, hence reset() after a failure.
 */
export const RecaptchaCaptcha = ({ siteKey, onChange, ref }: RecaptchaCaptchaProps) => {
  const { t } = useTranslation('auth');
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<{ grecaptcha: Grecaptcha; id: number } | null>(null);
  const onChangeRef = useRef(onChange);
  const [status, setStatus] = useState<Status>('loading');

  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      const widget = widgetRef.current;
      widget?.grecaptcha.reset(widget.id);
      onChangeRef.current(null);
    },
  }));

  useEffect(() => {
    let cancelled = false;
    let element: HTMLDivElement | null = null;
    loadRecaptcha(getCurrentLanguage()).then(
      (grecaptcha) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        // A fresh element each time: grecaptcha.render refuses one that already holds a widget.
        element = document.createElement('div');
        container.appendChild(element);
        try {
          const id = grecaptcha.render(element, {
            sitekey: siteKey,
            callback: (token) => onChangeRef.current(token),
            'expired-callback': () => onChangeRef.current(null),
            'error-callback': () => onChangeRef.current(null),
          });
          widgetRef.current = { grecaptcha, id };
          setStatus('ready');
        } catch {
          setStatus('failed');
        }
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      widgetRef.current = null;
      element?.remove();
    };
  }, [siteKey]);

  return (
    <>
      {status === 'loading' && (
        <p className="flex items-center gap-2 text-sm text-stone-500">
          <Spinner className="size-4" />
          {t('captcha.loading')}
        </p>
      )}
      {status === 'failed' && <Alert>{t('captcha.loadFailed')}</Alert>}
      <div ref={containerRef} hidden={status === 'failed'} />
    </>
  );
};
