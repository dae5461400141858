// The server's way into the app (decision 0042): renders a public page's first view, with its data,
// as the visitor whose session the server verified would see it. Built apart (`vite build --ssr`)
// into dist/.ssr/, which the server loads at start.
import './shared/config/zod-jitless';
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { Language } from '@trashegimia/contract/common';
import type { PageRenderer } from '@trashegimia/contract/page-render';
import type { i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { type ApiTransport, setApiTransportSource } from './shared/api/api-client';
import { createQueryClient } from './shared/api/query-client';
import { paths } from './shared/config/paths';
import { createI18nFor } from './shared/i18n/i18n';
import { htmlLangFor } from './shared/i18n/language';
import { createMemoryStorage } from './shared/session/memory-storage';
import { createSessionStore } from './shared/session/session-store';
import { storeVerifiedToken } from './shared/session/session-storage';

/** The public pages whose first view the server sends as HTML; every other page gets the shell. */
const SERVER_RENDERED_PAGES = [
  paths.home.path,
  paths.data.path,
  paths.dataset.path,
  paths.asset.path,
  paths.map.path,
  paths.archive.path,
  paths.documentation.path,
];

/**
 * A page asks for its data as it renders, and some of it only once other data has come (a dataset's
 * assets wait for its filters): rendering again after each round of answers finds the next round.
 * Three rounds of answers cover every public page; what a page still waits for after them loads in
 * the browser.
 */
const MAX_DATA_ROUNDS = 3;

/** Answers that a Response may not be given a body. */
const NO_BODY_STATUSES = new Set([204, 205, 304]);

// Each render's API calls are the visitor's: their token and language, answered by the server in process.
const renderedRequest = new AsyncLocalStorage<ApiTransport>();
setApiTransportSource(() => renderedRequest.getStore());

const handler = createStaticHandler(routes);

/** One i18next instance per language, made once: rendering only reads it. */
const i18nByLanguage = new Map<Language, Promise<I18n>>();
const i18nFor = (language: Language) => {
  if (!i18nByLanguage.has(language)) {
    const made = createI18nFor(language);
    // A failure is not kept: the next page tries again.
    made.catch(() => i18nByLanguage.delete(language));
    i18nByLanguage.set(language, made);
  }
  return i18nByLanguage.get(language)!;
};

/** An observer's `enabled` (a flag, or a function of the query), kept in the options the query was built with. */
const isEnabled = (enabled: unknown, query: unknown) =>
  (typeof enabled === 'function' ? (enabled as (query: unknown) => unknown)(query) : enabled) !== false;

/** The queries the last render asked for that nobody has fetched yet: on the server, nothing fetches by itself. */
const unfetchedQueries = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        isEnabled((query.options as { enabled?: unknown }).enabled, query),
    );

export const renderPage: PageRenderer = async ({ url, language, session, fetchApi }) => {
  const { pathname } = new URL(url, 'http://localhost');
  if (!SERVER_RENDERED_PAGES.some((page) => matchPath(page, pathname))) return null;

  const transport: ApiTransport = {
    fetch: async (apiUrl, init) => {
      const answer = await fetchApi(apiUrl, { method: init.method, headers: Object.fromEntries(init.headers) });
      const body = NO_BODY_STATUSES.has(answer.status) ? null : answer.body;
      return new Response(body, { status: answer.status, headers: answer.headers });
    },
    token: () => session.token,
    language: () => language,
  };
  return renderedRequest.run(transport, async () => {
    const context = await handler.query(new Request(new URL(url, 'http://localhost')));
    // A redirect is the browser's to follow.
    if (context instanceof Response) return null;

    const queryClient = createQueryClient();
    // A failed call is left to the browser, which asks again; the server does not wait to retry.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    const i18n = await i18nFor(language);
    const storage = createMemoryStorage();
    storeVerifiedToken(storage, session.token, session.claims);
    const sessionStore = createSessionStore(storage);
    const router = createStaticRouter(handler.dataRoutes, context);
    const render = () =>
      renderToString(
        <AppProviders queryClient={queryClient} i18n={i18n} sessionStore={sessionStore}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      );

    try {
      let html = render();
      for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
        const queries = unfetchedQueries(queryClient);
        if (queries.length === 0) break;
        await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
        html = render();
      }
      // A call that failed renders as still loading, as the browser will render it before asking again.
      const failed = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' });
      if (failed.length > 0) {
        for (const query of failed) queryClient.getQueryCache().remove(query);
        html = render();
      }
      return { html, state: JSON.stringify(dehydrate(queryClient)), lang: htmlLangFor(language) };
    } finally {
      queryClient.clear();
    }
  });
};
