import type { TokenClaims } from './auth';
import type { Language } from './common';

/** The id of the JSON block that carries a server-rendered page's data to the browser. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/** The cookie in which the web app mirrors its session token, so a page navigation carries it. */
export const SESSION_COOKIE = 'session';

/**
 * What the server asks of the web app's server entry (apps/web/src/entry-server.tsx) to render
 * one page's first view as a visitor would see it (decision 0042).
 */
export type PageRenderRequest = {
  /** The page's path and query, as the visitor asked for it. */
  url: string;
  language: Language;
  /** The visitor's session: the token their cookie holds, and its claims as the API verified them. */
  session: { token: string; claims: TokenClaims };
  /** Answers an /api call as the server answers the visitor's browser. */
  fetchApi: (url: string, init: { method: string; headers: Record<string, string> }) => Promise<ApiAnswer>;
};

/** An /api answer: its status, headers and body as text. */
export type ApiAnswer = { status: number; headers: Record<string, string>; body: string };

/** A rendered page: the markup of the app's root, the data it was rendered from (JSON) and its `lang`. */
export type PageRender = { html: string; state: string; lang: string };

/** Null when the page is not one rendered on the server (it gets the app's shell). */
export type PageRenderer = (request: PageRenderRequest) => Promise<PageRender | null>;
