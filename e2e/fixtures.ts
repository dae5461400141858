import { test as base, expect } from '@playwright/test';

export const ADMIN = { userName: 'admin', password: 'e2e-Kalaja-e-Prizrenit-1' } as const;

export const test = base.extend<{ failOnCspViolation: void }>({
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
});

export { expect };
