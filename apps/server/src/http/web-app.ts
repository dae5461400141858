import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, presentError } from '../errors';

/**
 * Serves the built single-page app from WEB_DIST_DIR and answers every other unknown URL:
 * a page navigation outside /api gets index.html, so the app's router shows /data/3 on reload;
 * anything else gets a JSON 404. Without a built app (tests, API-only runs) the API still works.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const hasWebApp = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // Routes for the files present at start-up; the build does not change while we run.
      wildcard: false,
      // The build writes .br and .gz copies at the strongest settings (vite.config.ts), sent as they are.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/; index.html must be revalidated to pick up a new build.
        const fingerprinted = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
        reply.header('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasWebApp && isPageNavigation(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
}

function isPageNavigation(request: FastifyRequest) {
  const pathname = request.url.split('?')[0]!;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    pathname !== '/api' &&
    !pathname.startsWith('/api/') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const error = notFound('route', `No route matches ${request.method} ${request.url.split('?')[0]}`);
  return reply.status(404).send(presentError(error));
}
