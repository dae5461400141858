import type { User } from '@trashegimia/contract/users';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api/api-error';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { useToast } from '@/shared/ui/use-toast';
import { useResetUserPassword } from '../api/reset-user-password';
import { newPasswordProblem } from '../lib/password-rules';
import { NewPasswordFields } from './new-password-fields';

type ResetPasswordModalProps = {
  /** The account that gets a new password; null when closed. */
  user: User | null;
  onClose: () => void;
};

/** An administrator sets a new password for someone's account, e.g. one who forgot theirs. */
export const ResetPasswordModal = ({ user, onClose }: ResetPasswordModalProps) => {
  const { t } = useTranslation('users');
  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('reset.title', { name: user?.userName ?? '' })}
      description={t('reset.description')}
    >
      {user && <ResetPasswordForm key={user.id} user={user} onDone={onClose} />}
    </Modal>
  );
};

const ResetPasswordForm = ({ user, onDone }: { user: User; onDone: () => void }) => {
  const { t } = useTranslation('users');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const reset = useResetUserPassword();
  const problem = submitted ? newPasswordProblem(password, repeated, user.userName) : null;
  // The server names the field it refuses: a refused password belongs next to that field.
  const passwordRefused = isApiError(reset.error) && reset.error.field === 'password';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (newPasswordProblem(password, repeated, user.userName) !== null) return;
    reset.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          showToast({ message: t('reset.saved'), tone: 'success' });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <NewPasswordFields
        password={password}
        repeated={repeated}
        onPasswordChange={setPassword}
        onRepeatedChange={setRepeated}
        labels={{ password: t('reset.password'), repeated: t('reset.confirmPassword') }}
        problem={problem}
        refusal={passwordRefused ? errorText(reset.error, t('reset.saveFailed')) : null}
      />
      {reset.error && !passwordRefused && <Alert>{errorText(reset.error, t('reset.saveFailed'))}</Alert>}
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-4">
        <Button variant="secondary" onClick={onDone} disabled={reset.isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={reset.isPending} disabled={reset.isPending}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
};
