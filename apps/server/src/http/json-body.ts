import type { FastifyInstance } from 'fastify';

/**
 * The page sends `Content-Type: application/json` on every call (spec §7), also on a DELETE with no
 * body, which Fastify's parser refuses as an empty JSON body. An empty body is read as no body;
 * anything else goes through Fastify's own parser (and its prototype-poisoning protection).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
