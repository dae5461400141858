import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

/** The first query parameter (by name) whose name or value holds a NUL character, if any. */
function parameterWithNul(query: unknown): string | undefined {
  if (query === null || typeof query !== 'object') return undefined;
  for (const [name, value] of Object.entries(query)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (name.includes('\0') || values.some((item) => typeof item === 'string' && item.includes('\0'))) {
      return name.replaceAll('\0', '');
    }
  }
  return undefined;
}

/**
 * Refuses, before any other hook or handler runs, a request whose query string decodes to a NUL
 * character (`%00`): no search, filter or id holds one, and PostgreSQL text cannot, so it would
 * reach the database only to be refused there. Registered right after the security headers, so
 * the 400 carries them too.
 */
export function refuseNulInQuery(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const parameter = parameterWithNul(request.query);
    if (parameter === undefined) return done();
    done(
      badRequest(
        parameter || undefined,
        `${parameter || 'The query'} holds a NUL character (%00), which is never valid`,
      ),
    );
  });
}
