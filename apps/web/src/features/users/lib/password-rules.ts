import { MIN_PASSWORD_LENGTH } from '@trashegimia/contract/users';

/** Why a new password (typed twice) cannot be sent, as a key of `users:validation`; null when it can. */
export const newPasswordProblem = (password: string, repeated: string) => {
  if (password.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort' as const;
  if (password !== repeated) return 'passwordsDiffer' as const;
  return null;
};
