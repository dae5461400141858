import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@trashegimia/contract/common';
import { passwordProblem } from '@trashegimia/contract/password-strength';
import type { App } from '../app';
import type { DatabaseHandle } from '../db/client';
import { auditLog, users } from '../db/schema/index';
import { captchaFor } from '../test/captcha';
import { createUser } from '../test/factories';
import { startTestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';
import { generatePasswordFor } from '../modules/users/users.service';
import { createAdministrator } from './create-admin';
import { pipedPassword } from './password-input';
import { resetPasswordByName } from './reset-password';
import { CommandError } from './run-command';

/**
 * npm run reset-password and create-admin: what they do to the database, checked through the API
 * the accounts then log in to.
 */
let database: DatabaseHandle;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

let nextAddress = 0;
async function logIn(userName: string, password: string) {
  nextAddress += 1;
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { userName, password, captcha: await captchaFor(app) },
    // Each from its own address, so failed logins never meet the per-address limit.
    remoteAddress: `192.0.2.${nextAddress}`,
  });
}

const auditOf = (userId: number, action: string) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(userId)), eq(auditLog.action, action)));

describe('npm run reset-password', () => {
  it('sets the piped password: it logs in, the old one does not, and sessions opened before end', async () => {
    const user = await createUser(database.db, { userName: 'Drita' });
    const before = await logIn('Drita', user.password);
    expect(before.statusCode).toBe(200);
    const oldToken = before.json().access_token as string;
    const stats = (token: string) =>
      app.inject({ url: '/api/datasets/stats', headers: { authorization: `Bearer ${token}` } });
    expect((await stats(oldToken)).statusCode).toBe(200);

    const result = await resetPasswordByName(database.db, 'drita', 'lumi-mbi-kodrat-2026');

    expect(result).toEqual({ password: 'lumi-mbi-kodrat-2026', generated: false });
    expect((await logIn('Drita', 'lumi-mbi-kodrat-2026')).statusCode).toBe(200);
    expect((await logIn('Drita', user.password)).statusCode).toBe(401);
    expect((await stats(oldToken)).statusCode).toBe(401);
    expect(await auditOf(user.id, 'user.password_reset')).toEqual([
      expect.objectContaining({ actorId: null, actorName: null, after: { userName: 'Drita' } }),
    ]);
  });

  it('generates a strong password when none is piped, and that one logs in', async () => {
    const user = await createUser(database.db, { userName: 'Besnik' });
    const result = await resetPasswordByName(database.db, 'Besnik', undefined);
    expect(result.generated).toBe(true);
    expect(passwordProblem(result.password, 'Besnik')).toBeNull();
    expect((await logIn('Besnik', result.password)).statusCode).toBe(200);
    expect((await logIn('Besnik', user.password)).statusCode).toBe(401);
  });

  it('refuses an unknown account, and a password the API would refuse, changing nothing', async () => {
    await expect(resetPasswordByName(database.db, 'nobody-here', 'lumi-mbi-kodrat-2026')).rejects.toThrow(
      new CommandError('No account is named "nobody-here".'),
    );
    const user = await createUser(database.db, { userName: 'Genta' });
    await expect(resetPasswordByName(database.db, 'Genta', 'short')).rejects.toThrow(
      new CommandError('password: must be at least 10 characters'),
    );
    await expect(resetPasswordByName(database.db, 'Genta', 'password123')).rejects.toThrow(
      'password: is too easy to guess',
    );
    await expect(resetPasswordByName(database.db, 'Genta', 'genta-genta-genta')).rejects.toThrow(
      'password: must not be or contain the user name',
    );
    expect((await logIn('Genta', user.password)).statusCode).toBe(200);
    expect(await auditOf(user.id, 'user.password_reset')).toEqual([]);
  });
});

describe('npm run create-admin', () => {
  it('makes an administrator who logs in with the piped password, recorded as made by no account', async () => {
    const { user, generated } = await createAdministrator(database.db, 'Shpresa', 'kalaja-e-prizrenit-1');
    expect(generated).toBe(false);
    expect(user).toMatchObject({ userName: 'Shpresa', role: ROLE.ADMIN, createdBy: 'system' });

    const login = await logIn('Shpresa', 'kalaja-e-prizrenit-1');
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ userName: 'Shpresa', role: ROLE.ADMIN });
    expect(await auditOf(user.id, 'user.create')).toEqual([
      expect.objectContaining({ actorId: null, actorName: null, after: expect.objectContaining({ role: ROLE.ADMIN }) }),
    ]);
  });

  it('generates a strong password when none is piped', async () => {
    const { password, generated } = await createAdministrator(database.db, 'Valon', undefined);
    expect(generated).toBe(true);
    expect((await logIn('Valon', password)).statusCode).toBe(200);
  });

  it('refuses a name already taken, in any case, saying how to set its password instead', async () => {
    await createUser(database.db, { userName: 'Arben' });
    await expect(createAdministrator(database.db, 'ARBEN', 'kalaja-e-prizrenit-1')).rejects.toThrow(
      new CommandError('An account named "ARBEN" already exists; to set its password: npm run reset-password -- ARBEN'),
    );
    const named = await database.db.select().from(users).where(eq(users.userName, 'ARBEN'));
    expect(named).toEqual([]);
  });

  it('refuses a blank name and a weak password', async () => {
    await expect(createAdministrator(database.db, '   ', 'kalaja-e-prizrenit-1')).rejects.toThrow(
      new CommandError('userName: must not be blank'),
    );
    await expect(createAdministrator(database.db, 'Liridona', 'qwertyuiop')).rejects.toThrow(
      'password: is too easy to guess',
    );
  });
});

describe('the password a command is given', () => {
  const piped = (text: string) => Object.assign(Readable.from([Buffer.from(text)]), { isTTY: undefined });

  it('is the piped line without its line ending', async () => {
    expect(await pipedPassword(piped('lumi mbi kodrat\n'))).toBe('lumi mbi kodrat');
    expect(await pipedPassword(piped('lumi mbi kodrat\r\n'))).toBe('lumi mbi kodrat');
    expect(await pipedPassword(piped('çelësi-ëndrrës'))).toBe('çelësi-ëndrrës');
  });

  it('is none, to be generated, at a terminal or when nothing is piped', async () => {
    expect(await pipedPassword(Object.assign(Readable.from([]), { isTTY: true }))).toBeUndefined();
    expect(await pipedPassword(piped(''))).toBeUndefined();
    expect(await pipedPassword(piped('\n'))).toBeUndefined();
  });

  it('is refused when more than one line is piped', async () => {
    await expect(pipedPassword(piped('one\ntwo\n'))).rejects.toThrow(CommandError);
  });

  it('is generated to pass the rules even for a user name a random one might contain', () => {
    for (let i = 0; i < 10; i++) expect(passwordProblem(generatePasswordFor('abc'), 'abc')).toBeNull();
  });
});
