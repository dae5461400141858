import { MIN_PASSWORD_LENGTH } from '@trashegimia/contract/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeText } from '@/shared/api/use-error-text';
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
  /** The server's refusal of the password (400 naming its field), worded for the visitor. */
  refusal?: string | null;
};

/** A new password typed twice, with the rule stated up front and the problem next to the field it concerns. */
export const NewPasswordFields = ({
  password,
  repeated,
  onPasswordChange,
  onRepeatedChange,
  labels,
  problem,
  refusal = null,
}: NewPasswordFieldsProps) => {
  const { t } = useTranslation('users');
  const codeText = useCodeText();
  const problemId = useId();
  const differ = problem === 'passwordsDiffer';
  const passwordError =
    problem === 'passwordTooShort'
      ? t('validation.passwordTooShort', { min: MIN_PASSWORD_LENGTH })
      : problem && !differ
        ? codeText(problem)
        : refusal;
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        value={password}
        aria-invalid={passwordError ? true : undefined}
        aria-describedby={passwordError ? problemId : undefined}
        onChange={(event) => onPasswordChange(event.target.value)}
      />
      {passwordError && <Alert id={problemId}>{passwordError}</Alert>}
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
