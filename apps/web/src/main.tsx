import './shared/config/zod-jitless';
import { hydrate } from '@tanstack/react-query';
import { PAGE_STATE_ELEMENT_ID } from '@trashegimia/contract/page-render';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { createQueryClient } from './shared/api/query-client';
import { changeLanguage, getCurrentLanguage } from './shared/i18n/i18n';
import { mirrorTokenInCookie, readToken } from './shared/session/session-storage';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A session stored before the cookie existed, or ended in another way, is mirrored again.
mirrorTokenInCookie(readToken());

// The page's screen loads while the visitor's language arrives as its own chunk. (Not a top-level
// await: that makes the bundler cut the entry into many small chunks.) Should the language fail to
// arrive, the app still starts rather than leave a blank page.
const routerReady = createAppRouter();
void changeLanguage(getCurrentLanguage())
  .catch(() => undefined)
  .then(() => routerReady)
  .then((router) => {
    const queryClient = createQueryClient();
    // The data a server-rendered page was rendered from (decision 0042): the first render repeats
    // it, so React takes over the page's markup instead of drawing it again.
    const pageState = document.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
    if (pageState) hydrate(queryClient, JSON.parse(pageState));
    const app = (
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>
    );
    // As a transition, hydration yields to the visitor between components instead of holding the
    // main thread until the whole page is hydrated: the page is already drawn and readable.
    if (pageState) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
  });
