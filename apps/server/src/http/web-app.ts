import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, Language, toLanguage } from '@trashegimia/contract/common';
import { notFound, presentError } from '../errors';

/** dist/.vite/page-preloads.json as the web build writes it (apps/web/src/app/page-preloads.ts). */
type PagePreloads = {
  pages: Record<string, string[]>;
  languages: Partial<Record<Language, string[]>>;
};

/**
 * Serves the built single-page app from WEB_DIST_DIR and answers every other unknown URL:
 * a page navigation outside /api gets index.html, so the app's router shows /data/3 on reload;
 * anything else gets a JSON 404. Without a built app (tests, API-only runs) the API still works.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  let sendPage: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null = null;
  if (existsSync(path.join(webDistDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // Routes for the files present at start-up; the build does not change while we run.
      wildcard: false,
      // `/` is a page like any other (below), not the bare file.
      index: false,
      // The build writes .br and .gz copies at the strongest settings (vite.config.ts), sent as they are.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/; index.html must be revalidated to pick up a new build.
        const fingerprinted = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
        reply.header('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const pageFor = pageRenderer(webDistDir);
    sendPage = (request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language')
        .type('text/html; charset=utf-8')
        .send(pageFor(request));
    app.get('/', sendPage);
  }

  app.setNotFoundHandler(async (request, reply) =>
    sendPage && isPageNavigation(request) ? sendPage(request, reply) : sendNotFound(request, reply),
  );
}

/**
 * index.html with modulepreload links to the chunks the page's screen and the visitor's language
 * add to the entry, so the browser fetches them beside the entry instead of after it has run; the
 * page would otherwise wait for three rounds (page, entry, screen and texts) before its first paint.
 */
function pageRenderer(webDistDir: string) {
  const html = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const listFile = path.join(webDistDir, '.vite', 'page-preloads.json');
  const preloads: PagePreloads = existsSync(listFile)
    ? (JSON.parse(readFileSync(listFile, 'utf8')) as PagePreloads)
    : { pages: {}, languages: {} };
  const pages = Object.entries(preloads.pages).map(([pattern, files]) => ({ matcher: routeMatcher(pattern), files }));
  const rendered = new Map<string, string>();

  return (request: FastifyRequest) => {
    const pathname = request.url.split('?')[0]!;
    const page = pages.find(({ matcher }) => matcher.test(pathname));
    const language = visitorLanguage(request);
    const key = `${page?.matcher.source ?? ''} ${language}`;
    let pageHtml = rendered.get(key);
    if (pageHtml === undefined) {
      const files = new Set([...(page?.files ?? []), ...(preloads.languages[language] ?? [])]);
      const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('\n    ');
      pageHtml = files.size > 0 ? html.replace('</head>', `  ${links}\n  </head>`) : html;
      rendered.set(key, pageHtml);
    }
    return pageHtml;
  };
}

/** The router's `/data/:categoryId` as a test of a whole path: a parameter is one non-empty segment. */
function routeMatcher(pattern: string) {
  const escaped = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * The language the page will start in, as the web app decides it: the stored choice (the app keeps
 * it in a `language` cookie beside its own storage; one that is not ours means the default), else
 * the browser's first language we offer.
 */
function visitorLanguage(request: FastifyRequest): Language {
  const stored = /(?:^|;\s*)language=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  if (stored) return Language.safeParse(stored).data ?? DEFAULT_LANGUAGE;
  for (const tag of (request.headers['accept-language'] ?? '').split(',')) {
    const language = toLanguage(tag.split(';')[0]);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
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
