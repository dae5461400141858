import { ROLE } from '@trashegimia/contract/common';
import { CreateUserBody, type User } from '@trashegimia/contract/users';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { createUser, generatePasswordFor } from '../modules/users/users.service';
import { pipedPassword } from './password-input';
import { CommandError, argumentsOf, refusalOf, runCommand } from './run-command';

/**
 * `npm run create-admin -- <user name>`: makes an administrator account with a generated password
 * shown once, or the one piped to standard input, under the same rules as the API's; recorded in
 * the audit log, by no account. Refuses a name already taken. With embedded PGlite, stop the server first.
 */
export const createAdminCommand = (args: string[]) =>
  runCommand(
    () => argumentsOf(args, 'npm run create-admin -- <user name>', 1, 1)[0]!,
    async ({ database, report }, userName) => {
      const chosen = await pipedPassword(process.stdin);
      const { user, password, generated } = await createAdministrator(database.db, userName, chosen);
      report.info(
        { userName: user.userName, id: user.id },
        generated
          ? `Administrator "${user.userName}" created; password, shown only this once: ${password}`
          : `Administrator "${user.userName}" created, with the password from standard input.`,
      );
    },
  );

/** Makes the administrator `userName` with the password `chosen`, or a generated one when none is given. */
export async function createAdministrator(
  db: Database,
  userName: string,
  chosen: string | undefined,
): Promise<{ user: User; password: string; generated: boolean }> {
  const password = chosen ?? generatePasswordFor(userName);
  const body = CreateUserBody.safeParse({ userName, password, role: ROLE.ADMIN });
  if (!body.success) throw refusalOf(body.error);
  try {
    const user = await createUser(db, null, body.data);
    return { user, password, generated: chosen === undefined };
  } catch (error) {
    if (error instanceof AppError && error.code === 'user_name_taken') {
      throw new CommandError(
        `An account named "${body.data.userName}" already exists; to set its password: npm run reset-password -- ${body.data.userName}`,
      );
    }
    throw error;
  }
}
