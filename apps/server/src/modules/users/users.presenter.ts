import type { User } from '@trashegimia/contract/users';
import { Role } from '@trashegimia/contract/common';
import type { UserRow } from './users.repo';

/** Never the password hash. */
export const presentUser = (row: UserRow): User => ({
  id: row.id,
  userName: row.userName,
  role: Role.parse(row.role),
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  lastLogin: row.lastLogin?.toISOString() ?? null,
});
