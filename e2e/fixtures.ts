import { test as base, expect } from '@playwright/test';

export const ADMIN = { userName: 'admin', password: 'e2e-Kalaja-e-Prizrenit-1' } as const;

export const test = base.extend<{ failOnCspViolation: void; failOnHydrationMismatch: void; waitForTheApp: void }>({
  // global-setup picks a free port at run time, so the base URL comes from its environment.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys through playwright.config.ts');
    await use(url);
  },
  // A page the server's Content-Security-Policy breaks works in development and fails in production.
  failOnCspViolation: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
          violations.push(message.text());
        }
      });
      await use();
      expect(violations, 'the page broke the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
  // A page the server rendered that the app then renders differently is drawn twice: React throws the
  // server's markup away, the visitor sees it flash, and the first view was wasted (decision 0042).
  failOnHydrationMismatch: [
    async ({ page }, use) => {
      const mismatches: string[] = [];
      // React reports a mismatch it recovers from as an uncaught error, in the build by its number
      // (418–425: markup, text, a Suspense boundary or the whole root drawn again), and a mismatched
      // attribute as a console error.
      const isMismatch = (text: string) => /hydrat|react\.dev\/errors\/(418|419|422|423|425)\b/i.test(text);
      page.on('pageerror', (error) => {
        if (isMismatch(error.message)) mismatches.push(`${page.url()}: ${error.message}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && isMismatch(message.text()))
          mismatches.push(`${page.url()}: ${message.text()}`);
      });
      await use();
      expect(mismatches, 'the app did not take over the page the server rendered').toEqual([]);
    },
    { auto: true },
  ],
  // A page the server drew starts its app once painted (decision 0042): a journey, faster than any
  // reader, waits for the app to take the page over before it acts on it, after every load.
  waitForTheApp: [
    async ({ page }, use) => {
      const appStarted = () => {
        const root = document.getElementById('root');
        return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer'));
      };
      for (const load of ['goto', 'reload', 'goBack', 'goForward'] as const) {
        const original = page[load].bind(page) as (...args: unknown[]) => Promise<unknown>;
        Object.assign(page, {
          [load]: async (...args: unknown[]) => {
            const response = await original(...args);
            await page.waitForFunction(appStarted);
            return response;
          },
        });
      }
      await use();
    },
    { auto: true },
  ],
});

export { expect };
