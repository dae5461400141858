import { ROLE, type Role } from '@trashegimia/contract/common';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api/api-error';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { SelectField } from '@/shared/ui/select-field';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useCreateUser } from '../api/create-user';
import { newPasswordProblem } from '../lib/password-rules';
import { NewPasswordFields } from './new-password-fields';

/** Spec §9: a new account is an ordinary user (role 1) unless the administrator picks admin (2). */
const DEFAULT_ROLE: Role = ROLE.USER;

type UserModalProps = { open: boolean; onClose: () => void };

/** Create an account: user name, password (typed twice) and role (spec §2: create modal, no edit). */
export const UserModal = ({ open, onClose }: UserModalProps) => {
  const { t } = useTranslation('users');
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('form.createTitle')}>
      {open && <UserForm onDone={onClose} />}
    </Modal>
  );
};

const UserForm = ({ onDone }: { onDone: () => void }) => {
  const { t } = useTranslation('users');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [role, setRole] = useState<Role>(DEFAULT_ROLE);
  const [submitted, setSubmitted] = useState(false);
  const creation = useCreateUser();
  const userNameMissing = submitted && userName.trim() === '';
  const passwordProblem = submitted ? newPasswordProblem(password, repeated, userName) : null;
  // The server names the field it refuses: a refused password belongs next to that field.
  const passwordRefused = isApiError(creation.error) && creation.error.field === 'password';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (userName.trim() === '' || newPasswordProblem(password, repeated, userName) !== null) return;
    creation.mutate(
      { userName: userName.trim(), password, role },
      {
        onSuccess: () => {
          showToast({ message: t('form.saved'), tone: 'success' });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('form.userName')}
        value={userName}
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={userNameMissing || undefined}
        onChange={(event) => setUserName(event.target.value)}
      />
      {userNameMissing && <Alert>{t('validation.userNameRequired')}</Alert>}
      <NewPasswordFields
        password={password}
        repeated={repeated}
        onPasswordChange={setPassword}
        onRepeatedChange={setRepeated}
        labels={{ password: t('form.password'), repeated: t('form.confirmPassword') }}
        problem={passwordProblem}
        refusal={passwordRefused ? errorText(creation.error, t('form.saveFailed')) : null}
      />
      <SelectField
        label={t('form.role')}
        value={role}
        onChange={(event) => setRole(Number(event.target.value) === ROLE.ADMIN ? ROLE.ADMIN : ROLE.USER)}
      >
        <option value={ROLE.USER}>{t(`roles.${ROLE.USER}`)}</option>
        <option value={ROLE.ADMIN}>{t(`roles.${ROLE.ADMIN}`)}</option>
      </SelectField>
      {creation.error && !passwordRefused && <Alert>{errorText(creation.error, t('form.saveFailed'))}</Alert>}
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-4">
        <Button variant="secondary" onClick={onDone} disabled={creation.isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={creation.isPending} disabled={creation.isPending}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
};
