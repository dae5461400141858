import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/shared/api/get-app-config';
import { Alert } from '@/shared/ui/alert';
import { Spinner } from '@/shared/ui/spinner';
import { AltchaCaptcha, type CaptchaHandle } from './altcha-captcha';
import { RecaptchaCaptcha } from './recaptcha-captcha';

type CaptchaFieldProps = {
  /** The solution once verified; null while unsolved, expired or failed. */
  onChange: (payload: string | null) => void;
  ref?: Ref<CaptchaHandle>;
  /** The account a login is for, once typed: its challenge is harder while it is under attack. */
  userName?: string;
};

/** The captcha the server configured (ALTCHA or reCAPTCHA), in a labelled group, for every form that needs one. */
export const CaptchaField = ({ onChange, ref, userName = '' }: CaptchaFieldProps) => {
  const { t } = useTranslation('auth');
  const config = useAppConfig();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-stone-700">{t('captcha.label')}</legend>
      {config.isPending ? (
        <p className="flex items-center gap-2 text-sm text-stone-500">
          <Spinner className="size-4" />
          {t('captcha.loading')}
        </p>
      ) : config.isError ? (
        <Alert>{t('captcha.loadFailed')}</Alert>
      ) : config.data.captcha.provider === 'recaptcha' ? (
        config.data.captcha.recaptchaSiteKey ? (
          <RecaptchaCaptcha ref={ref} siteKey={config.data.captcha.recaptchaSiteKey} onChange={onChange} />
        ) : (
          <Alert>{t('captcha.loadFailed')}</Alert>
        )
      ) : (
        <AltchaCaptcha
          ref={ref}
          challengeUrl={challengeUrlFor(config.data.captcha.challengeUrl, userName)}
          onChange={onChange}
        />
      )}
    </fieldset>
  );
};

/** The account's own challenge once its name is typed: harder while it has had many failed logins. */
const challengeUrlFor = (challengeUrl: string, userName: string) => {
  const name = userName.trim();
  if (!name) return challengeUrl;
  return `${challengeUrl}${challengeUrl.includes('?') ? '&' : '?'}userName=${encodeURIComponent(name)}`;
};
