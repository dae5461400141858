import { MIN_PASSWORD_LENGTH } from '@trashegimia/contract/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/shared/ui/alert';
import { TextField } from '@/shared/ui/text-field';
import type { newPasswordProblem } from '../lib/password-rules';

type NewPasswordFieldsProps = {
  password: string;
  repeated: string;
  onPasswordChange: (password: string) => void;
  onRepeatedChange: (repeated: string) => void;
  labels: { password: string; repeated: string };
  /** Shown once the form was submitted with a password that cannot be used. */
  problem: ReturnType<typeof newPasswordProblem>;
};

/** A new password typed twice, with the rule stated up front and the problem next to the field it concerns. */
export const NewPasswordFields = ({
  password,
  repeated,
  onPasswordChange,
  onRepeatedChange,
  labels,
  problem,
}: NewPasswordFieldsProps) => {
  const { t } = useTranslation('users');
  const problemId = useId();
  const tooShort = problem === 'passwordTooShort';
  const differ = problem === 'passwordsDiffer';
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        value={password}
        aria-invalid={tooShort || undefined}
        aria-describedby={tooShort ? problemId : undefined}
        onChange={(event) => onPasswordChange(event.target.value)}
      />
      {tooShort && <Alert id={problemId}>{t('validation.passwordTooShort', { min: MIN_PASSWORD_LENGTH })}</Alert>}
      <TextField
        label={labels.repeated}
        type="password"
        autoComplete="new-password"
        required
        value={repeated}
        aria-invalid={differ || undefined}
        aria-describedby={differ ? problemId : undefined}
        onChange={(event) => onRepeatedChange(event.target.value)}
      />
      {differ && <Alert id={problemId}>{t('validation.passwordsDiffer')}</Alert>}
    </>
  );
};
