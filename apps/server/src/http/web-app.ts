import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, Language, toLanguage } from '@trashegimia/contract/common';
import {
  PAGE_STATE_ELEMENT_ID,
  type PageRender,
  type PageRenderer,
  SESSION_COOKIE,
} from '@trashegimia/contract/page-render';
import { notFound, presentError } from '../errors';
import type { TokenAcceptance } from './authentication';

/** dist/.vite/page-preloads.json as the web build writes it (apps/web/src/app/page-preloads.ts). */
type PagePreloads = {
  pages: Record<string, string[]>;
  languages: Partial<Record<Language, string[]>>;
};

/** Where the shell's app root is, which a page rendered on the server fills. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Serves the built single-page app from WEB_DIST_DIR and answers every other unknown URL:
 * a page navigation outside /api gets index.html, so the app's router shows /data/3 on reload;
 * anything else gets a JSON 404. Without a built app (tests, API-only runs) the API still works.
 * A public page asked for with a session cookie the API accepts arrives rendered, with its data
 * (decision 0042); every other page is the shell, which the app renders in the browser.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string, acceptToken: TokenAcceptance) {
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
    const shellFor = shellRenderer(webDistDir);
    const firstViewFor = await firstViewRenderer(app, webDistDir, acceptToken);
    // Each shell's form for a rendered page, made once (null when it has no empty root to fill).
    const firstViewShells = new Map<string, string | null>();
    const firstViewShellOf = (shell: string) => {
      if (!firstViewShells.has(shell))
        firstViewShells.set(shell, shell.includes(EMPTY_ROOT) ? appAfterFirstPaint(shell) : null);
      return firstViewShells.get(shell)!;
    };
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const language = visitorLanguage(request);
      const shell = shellFor(request, language);
      const firstViewShell = firstViewFor && firstViewShellOf(shell);
      const firstView = firstViewShell ? await firstViewFor(request, language) : null;
      return (
        reply
          // A rendered page holds what this visitor may see: no shared cache keeps it.
          .header('cache-control', firstView ? 'private, no-cache' : 'no-cache')
          .header('vary', 'Cookie, Accept-Language')
          .type('text/html; charset=utf-8')
          .send(firstViewShell && firstView ? withFirstView(firstViewShell, firstView) : shell)
      );
    };
    app.get('/', sendPage);
    // A route rather than the not-found handler, whose answers skip the routes' hooks: compression
    // above all, which takes a rendered page (tens of KB with its data) down to a few.
    app.get('/*', async (request, reply) =>
      isPageNavigation(request) ? sendPage(request, reply) : sendNotFound(request, reply),
    );
  }

  // What no route takes: other methods, and every address when no app is built.
  app.setNotFoundHandler(async (request, reply) => sendNotFound(request, reply));
}

/**
 * index.html with modulepreload links to the chunks the page's screen and the visitor's language
 * add to the entry, so the browser fetches them beside the entry instead of after it has run; the
 * page would otherwise wait for three rounds (page, entry, screen and texts) before its first paint.
 */
function shellRenderer(webDistDir: string) {
  const html = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const listFile = path.join(webDistDir, '.vite', 'page-preloads.json');
  const preloads: PagePreloads = existsSync(listFile)
    ? (JSON.parse(readFileSync(listFile, 'utf8')) as PagePreloads)
    : { pages: {}, languages: {} };
  const pages = Object.entries(preloads.pages).map(([pattern, files]) => ({ matcher: routeMatcher(pattern), files }));
  const rendered = new Map<string, string>();

  return (request: FastifyRequest, language: Language) => {
    const pathname = request.url.split('?')[0]!;
    const page = pages.find(({ matcher }) => matcher.test(pathname));
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

/**
 * The web app's server entry (dist/.ssr/entry-server.js, built beside the app), rendering a page for
 * the session its cookie holds once the API accepts the token, as it would the bearer token: its
 * calls go to this server's own API in process, as the visitor's browser would make them. Null
 * without that build. A page it cannot render is sent as the shell, never as an error.
 */
async function firstViewRenderer(app: FastifyInstance, webDistDir: string, acceptToken: TokenAcceptance) {
  const entry = path.join(webDistDir, '.ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const { renderPage } = (await import(pathToFileURL(entry).href)) as { renderPage: PageRenderer };

  const fetchApi = async (url: string, { method, headers }: { method: string; headers: Record<string, string> }) => {
    const answer = await app.inject({ method: method as 'GET', url, headers });
    const answerHeaders = Object.entries(answer.headers).map(([name, value]) => [
      name,
      [value ?? []].flat().join(', '),
    ]);
    return { status: answer.statusCode, headers: Object.fromEntries(answerHeaders), body: answer.body };
  };

  return async (request: FastifyRequest, language: Language): Promise<PageRender | null> => {
    const token = cookieOf(request, SESSION_COOKIE);
    if (!token) return null;
    try {
      const accepted = await acceptToken(token);
      if (!accepted) return null;
      return await renderPage({ url: request.url, language, session: { token, claims: accepted.claims }, fetchApi });
    } catch (error) {
      request.log.error({ err: error }, 'could not render the page on the server; sent the shell instead');
      return null;
    }
  };
}

/**
 * The shell (as appAfterFirstPaint made it) with the rendered markup in its root, the page's
 * language, and the data it was rendered from as a JSON block: never run as a script (the CSP
 * allows none inline), read by the app as it starts. `<` is escaped so no text in the data can
 * close the block.
 */
function withFirstView(shell: string, { html, state, lang }: PageRender) {
  const stateBlock = `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${state.replace(/</g, '\\u003c')}</script>`;
  return shell
    .replace(/<html(?: lang="[^"]*")?/, `<html lang="${lang}"`)
    .replace(EMPTY_ROOT, () => `<div id="root">${html}</div>${stateBlock}`);
}

/**
 * The page is drawn without the app, which only makes it interactive: its code is asked for once
 * the first view is painted (public/start-after-paint.js), so it neither shares a phone's bandwidth
 * with what the view needs nor, when the browser already holds it, runs before the page is shown.
 */
function appAfterFirstPaint(shell: string) {
  return shell
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_script, entry: string) => `<script defer src="/start-after-paint.js" data-entry="${entry}"></script>`,
    );
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
  const stored = cookieOf(request, 'language');
  if (stored) return Language.safeParse(stored).data ?? DEFAULT_LANGUAGE;
  for (const tag of (request.headers['accept-language'] ?? '').split(',')) {
    const language = toLanguage(tag.split(';')[0]);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(request.headers.cookie ?? '')?.[1] || undefined;
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
