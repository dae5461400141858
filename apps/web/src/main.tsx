import './shared/config/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { changeLanguage, getCurrentLanguage } from './shared/i18n/i18n';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The visitor's language arrives as its own chunk, fetched while the router loads the page's screen.
// (Not a top-level await: that makes the bundler cut the entry into many small chunks.) Should it
// fail to arrive, the app still starts rather than leave a blank page.
void changeLanguage(getCurrentLanguage())
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
