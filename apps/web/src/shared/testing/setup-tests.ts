import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, loadLanguage } from '@/shared/i18n/i18n';
import { LANGUAGES } from '@/shared/i18n/language';

// The app fetches one language's texts before it renders; tests switch freely, so all three are there.
await Promise.all(LANGUAGES.map((language) => loadLanguage(language, i18n)));

// A screen's first render imports its lazily loaded module, which can take more than Testing
// Library's default second on a 2-core machine busy with the server's tests beside it.
configure({ asyncUtilTimeout: 5_000 });

// The server render's test runs in Node (`@vitest-environment node`): no page, so no stand-ins for one.
const inJsdom = typeof window !== 'undefined';

if (inJsdom) {
  // jsdom does not scroll; the router's scroll restoration calls this on every navigation.
  window.scrollTo = () => {};

  // jsdom lays nothing out, so nothing ever resizes; the site header watches its own height.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  if (inJsdom) localStorage.clear();
});
