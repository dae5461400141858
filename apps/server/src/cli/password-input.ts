import { CommandError } from './run-command';

/**
 * The password piped to a command (`echo '…' | npm run reset-password -- anna`): standard input's
 * one line, without its line ending. Undefined when a person is at the terminal (standard input
 * is one) or nothing was piped, so the command generates one.
 */
export async function pipedPassword(stdin: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<string | undefined> {
  if (stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  // Decoded whole: a character's bytes may arrive in two chunks.
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (/[\r\n]/.test(password)) {
    throw new CommandError('Standard input holds more than one line: give the password alone, on one line.');
  }
  return password === '' ? undefined : password;
}
