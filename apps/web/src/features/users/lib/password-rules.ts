import { MIN_PASSWORD_LENGTH, type PasswordProblem, passwordShapeProblem } from '@trashegimia/contract/users';

/**
 * Why a new password (typed twice) cannot be sent, or null when it can: too short or typed
 * differently (keys of `users:validation`), or blank-looking or holding the user name (the server's
 * codes, `errors:codes`: the same cheap rules it applies). Whether it is too easy to guess only the
 * server judges.
 */
export const newPasswordProblem = (
  password: string,
  repeated: string,
  userName = '',
): 'passwordTooShort' | 'passwordsDiffer' | PasswordProblem | null => {
  if (password.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
  const shape = passwordShapeProblem(password, userName);
  if (shape) return shape;
  if (password !== repeated) return 'passwordsDiffer';
  return null;
};
