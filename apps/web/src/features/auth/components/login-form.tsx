import type { CaptchaProvider } from '@trashegimia/contract/system';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/shared/api/get-app-config';
import { isApiError } from '@/shared/api/api-error';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { useGuestLogin } from '../api/guest-login';
import { useLogin } from '../api/login';
import type { CaptchaHandle } from './altcha-captcha';
import { CaptchaField } from './captcha-field';

type LoginFormProps = {
  /** Called once the session is stored, to go back where the visitor came from. */
  onSuccess: () => void;
};

/**
 * Username, password, captcha, log in; or enter as a guest with the same captcha (spec §2, §5).
 * The log-in button stays disabled while a call runs or while the captcha is unsolved; after a
 * failed attempt the captcha is reset, since a solution is good for one attempt only.
 */
export const LoginForm = ({ onSuccess }: LoginFormProps) => {
  const { t } = useTranslation('auth');
  const config = useAppConfig();
  const login = useLogin();
  const guestLogin = useGuestLogin();
  const captchaRef = useRef<CaptchaHandle>(null);
  const errorText = useErrorText();

  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const busy = login.isPending || guestLogin.isPending;
  const provider: CaptchaProvider = config.data?.captcha.provider ?? 'altcha';
  // The texts say 'captcha' unless reCAPTCHA is configured.
  const captchaContext = provider === 'recaptcha' ? 'recaptcha' : undefined;

  const handleFailure = (error: Error, fallback: string) => {
    setMessage(errorText(error, fallback));
    setCaptcha(null);
    // An account under attack needs a harder captcha: its own challenge (the user name is in the
    // challenge URL by now) starts solving at once, and the visitor logs in again once it is solved.
    if (isApiError(error) && error.code === 'captcha_harder' && captchaRef.current?.solveAgain) {
      captchaRef.current.solveAgain();
    } else {
      captchaRef.current?.reset();
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (userName.trim() === '' || password === '') {
      setMessage(t('validation.fillAllFields'));
      return;
    }
    if (!captcha) {
      setMessage(t('validation.captchaRequired', { context: captchaContext }));
      return;
    }
    setMessage(null);
    login.mutate(
      { userName: userName.trim(), password, captcha },
      { onSuccess, onError: (error) => handleFailure(error, t('api.loginFailed', { ns: 'errors' })) },
    );
  };

  const handleGuestEntry = () => {
    if (busy) return;
    if (!captcha) {
      setMessage(t('validation.guestCaptchaRequired', { context: captchaContext }));
      return;
    }
    setMessage(null);
    guestLogin.mutate(
      { captcha },
      { onSuccess, onError: (error) => handleFailure(error, t('api.guestLoginFailed', { ns: 'errors' })) },
    );
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-5"
      aria-describedby={message ? 'login-message' : undefined}
    >
      <TextField
        label={t('userName')}
        name="userName"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={userName}
        onChange={(event) => setUserName(event.target.value)}
      />
      <TextField
        label={t('password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />

      <CaptchaField ref={captchaRef} userName={userName} onChange={setCaptcha} />

      {message && <Alert id="login-message">{message}</Alert>}

      <Button type="submit" loading={login.isPending} disabled={busy || !captcha} className="w-full py-2.5">
        {login.isPending ? t('submitting') : t('submit')}
      </Button>

      <div className="flex items-center gap-3 text-xs tracking-wider text-stone-400 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" />
        {t('guest.divider')}
        <span className="h-px flex-1 bg-stone-200" />
      </div>

      <div className="flex flex-col gap-2 text-center">
        <Button
          variant="secondary"
          loading={guestLogin.isPending}
          disabled={busy}
          onClick={handleGuestEntry}
          className="w-full"
        >
          {guestLogin.isPending ? t('guest.entering') : t('guest.enter')}
        </Button>
        <p className="text-xs text-stone-500">{t('guest.hint')}</p>
      </div>
    </form>
  );
};
