import type { GuestResponse, LoginResponse, SessionUser } from '@trashegimia/contract/auth';

/** The spec's page reads userId and role at the top level as well as inside user. */
export const presentLogin = (token: string, user: SessionUser): LoginResponse => ({
  access_token: token,
  userId: user.id,
  role: user.role,
  user: { id: user.id, userName: user.userName, role: user.role },
});

export const presentGuest = (token: string): GuestResponse => ({ access_token: token });
