import { ResetPasswordBody } from '@trashegimia/contract/users';
import type { Database } from '../db/client';
import { generatePasswordFor, resetPassword, userIdNamed } from '../modules/users/users.service';
import { pipedPassword } from './password-input';
import { CommandError, argumentsOf, refusalOf, runCommand } from './run-command';

/**
 * `npm run reset-password -- <user name>`: sets a new password for the account, generated and
 * shown once, or the one piped to standard input (`echo '…' | npm run reset-password -- anna`),
 * under the same rules as the API's. Every session of the account ends, and the change is recorded
 * in the audit log, by no account. With embedded PGlite, stop the server first.
 */
export const resetPasswordCommand = (args: string[]) =>
  runCommand(
    () => argumentsOf(args, 'npm run reset-password -- <user name>', 1, 1)[0]!,
    async ({ database, report }, userName) => {
      const chosen = await pipedPassword(process.stdin);
      const { password, generated } = await resetPasswordByName(database.db, userName, chosen);
      report.info(
        { userName },
        generated
          ? `New password of "${userName}", shown only this once: ${password} (every session of "${userName}" has ended; ask them to change it once logged in)`
          : `Password of "${userName}" set from standard input; every session of "${userName}" has ended.`,
      );
    },
  );

/** Sets the password of the account named `userName` to `chosen`, or to a generated one when none is given. */
export async function resetPasswordByName(
  db: Database,
  userName: string,
  chosen: string | undefined,
): Promise<{ password: string; generated: boolean }> {
  const id = await userIdNamed(db, userName);
  if (id === null) throw new CommandError(`No account is named "${userName}".`);
  const password = chosen ?? generatePasswordFor(userName);
  const body = ResetPasswordBody.safeParse({ password });
  if (!body.success) throw refusalOf(body.error);
  await resetPassword(db, null, id, body.data);
  return { password, generated: chosen === undefined };
}
