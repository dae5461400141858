import { defineConfig } from '@playwright/test';
import journeys from './playwright.config';

/**
 * Browser benchmarks: the journeys' server and browser, but measurements with targets, which
 * `npm test` leaves out because a loaded machine moves them. Run with `npm run bench:web`.
 */
export default defineConfig({ ...journeys, testDir: './benchmarks' });
