import { MIN_PASSWORD_LENGTH } from '@trashegimia/contract/users';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/use-session';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { TextField } from '@/shared/ui/text-field';
import { useChangeOwnPassword } from '../api/change-own-password';
import { newPasswordProblem } from '../lib/password-rules';
import { NewPasswordFields } from '../components/new-password-fields';

/**
 * /account/password: anyone logged in with an account changes their own password (current, new
 * of at least 10 characters, repeated). Guests have no password and are offered the login page.
 */
export const OwnPasswordRoute = () => {
  const { t } = useTranslation('users');
  const { isGuest } = useSession();
  const location = useLocation();
  return (
    <Page title={t('ownPassword.title')}>
      {isGuest ? (
        <div className="mt-6 flex max-w-xl flex-col items-start gap-4">
          <p className="text-stone-600">{t('ownPassword.guest')}</p>
          <Link to={paths.login.getHref(location.pathname)} className={buttonClasses('primary')}>
            {t('ownPassword.logIn')}
          </Link>
        </div>
      ) : (
        <OwnPasswordForm />
      )}
    </Page>
  );
};

const OwnPasswordForm = () => {
  const { t } = useTranslation('users');
  const errorText = useErrorText();
  const currentErrorId = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const change = useChangeOwnPassword();

  const currentMissing = submitted && currentPassword === '';
  const problem = submitted ? newPasswordProblem(newPassword, repeated) : null;
  // The server names the field it refuses: a wrong current password belongs next to that field.
  const currentRefused = isApiError(change.error) && change.error.field === 'currentPassword';
  const newRefused = isApiError(change.error) && change.error.field === 'newPassword';
  const currentError = currentMissing
    ? t('ownPassword.currentRequired')
    : currentRefused
      ? errorText(change.error, t('ownPassword.changeFailed'))
      : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    change.reset();
    if (currentPassword === '' || newPasswordProblem(newPassword, repeated) !== null) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setSubmitted(false);
          setCurrentPassword('');
          setNewPassword('');
          setRepeated('');
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="mt-6 flex max-w-md flex-col gap-4">
      <p className="text-stone-600">{t('ownPassword.lead', { min: MIN_PASSWORD_LENGTH })}</p>
      <TextField
        label={t('ownPassword.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        aria-invalid={currentError ? true : undefined}
        aria-describedby={currentError ? currentErrorId : undefined}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      {currentError && <Alert id={currentErrorId}>{currentError}</Alert>}
      <NewPasswordFields
        password={newPassword}
        repeated={repeated}
        onPasswordChange={setNewPassword}
        onRepeatedChange={setRepeated}
        labels={{ password: t('ownPassword.newPassword'), repeated: t('ownPassword.confirmPassword') }}
        problem={problem}
        refusal={newRefused ? errorText(change.error, t('ownPassword.changeFailed')) : null}
      />
      {change.isError && !currentRefused && !newRefused && (
        <Alert>{errorText(change.error, t('ownPassword.changeFailed'))}</Alert>
      )}
      {change.isSuccess && <Alert tone="info">{t('ownPassword.changed')}</Alert>}
      <div>
        <Button type="submit" loading={change.isPending} disabled={change.isPending}>
          {change.isPending ? t('ownPassword.submitting') : t('ownPassword.submit')}
        </Button>
      </div>
    </form>
  );
};
