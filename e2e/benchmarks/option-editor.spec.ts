import type { CDPSession, Page } from '@playwright/test';
import xkSurveys from '../../apps/web/src/locales/xk/surveys.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { logIn, sessionToken } from '../session';
import { fill, xk } from '../texts';

const surveys = xkSurveys;

/** Issue 31: filtering, typing in an option and 'load more' each answer within this much main-thread work. */
const BUDGET_MS = Number(process.env.E2E_OPTIONS_BUDGET_MS ?? 50);
/** Chrome's CPU slowdown, e.g. 4 to stand in for a slower machine; 1 measures this one as it is. */
const CPU_SLOWDOWN = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
const OPTION_COUNT = 1000;

/** A survey with one dropdown question of 1,000 trilingual options, made through the API. */
async function surveyWithThousandOptions(page: Page) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const title = `Fshatrat ${Date.now().toString(36)}`;
  const survey = await page.request.post('/api/surveys', { headers, data: { surveyState: 0, descriptionXk: title } });
  expect(survey.status()).toBe(201);
  const surveyId = ((await survey.json()) as { id: number }).id;
  const questions = await page.request.post(`/api/surveys/${surveyId}/questions`, {
    headers,
    data: {
      questions: [
        { tempId: 'q', questionNr: '1', questionCategory: 'PARENT', questionType: 'DROPDOWN', titleXk: title },
      ],
    },
  });
  expect(questions.ok()).toBe(true);
  const questionId = ((await questions.json()) as { mappings: { id: number }[] }).mappings[0]!.id;
  const options = await page.request.post(`/api/questions/${questionId}/options`, {
    headers,
    data: {
      items: Array.from({ length: OPTION_COUNT }, (_, index) => ({
        value: `fshati-${index + 1}`,
        descriptionXk: `Fshati ${index + 1}`,
        descriptionEn: `Village ${index + 1}`,
        descriptionSr: `Selo ${index + 1}`,
        optionOrder: index + 1,
      })),
    },
  });
  expect(options.ok()).toBe(true);
  return { surveyId, title };
}

type PageRecord = { events: number[]; longFrames: number[] };
const pageRecord = (page: Page) => page.evaluate(() => (window as unknown as { __seen: PageRecord }).__seen);

/**
 * Collects, in the page, Event Timing durations (input to next paint) and long animation frames:
 * frames whose tasks and drawing kept the main thread busy 50 ms or more.
 */
const observeInteractions = (page: Page) =>
  page.evaluate(() => {
    const seen: PageRecord = { events: [], longFrames: [] };
    Object.assign(window, { __seen: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.events.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.longFrames.push(entry.duration);
    }).observe({ type: 'long-animation-frame' });
  });

/** Resolves once the next frame has been drawn: a frame callback runs before drawing, a task after it. */
const nextFrameDrawn = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

/** Resolves once rows drawn a frame at a time have all arrived and the page is quiet. */
const quiet = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 400))),
      ),
  );

/** The main thread's CPU time so far (CDP Performance 'ThreadTime'): unlike wall time, other processes do not inflate it. */
const mainThreadCpuMs = async (cdp: CDPSession) => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'ThreadTime')!.value * 1000;
};

type Measurement = {
  /** Frames of 50 ms or more (wall time) the action caused, by the Long Animation Frames API. */
  longFramesMs: number[];
  /** The slowest Event Timing entry: input to the next paint, wall time; 0 when all took under 16 ms. */
  eventMs: number;
  /** Main-thread CPU from the input until its first frame is drawn. */
  responseMs: number;
  /** Main-thread CPU until the page is quiet again, rows drawn in later frames included. */
  totalMs: number;
};

async function measure(page: Page, cdp: CDPSession, action: () => Promise<unknown>) {
  await quiet(page);
  await page.evaluate(() => {
    const seen = (window as unknown as { __seen: PageRecord }).__seen;
    seen.events.length = 0;
    seen.longFrames.length = 0;
  });
  const start = await mainThreadCpuMs(cdp);
  await action();
  await nextFrameDrawn(page);
  const responded = await mainThreadCpuMs(cdp);
  await quiet(page);
  const done = await mainThreadCpuMs(cdp);
  const seen = await pageRecord(page);
  return {
    longFramesMs: seen.longFrames.map(Math.round),
    eventMs: Math.max(0, ...seen.events),
    responseMs: responded - start,
    totalMs: done - start,
  };
}

// Trace snapshots copy the page's DOM around every action, on the very thread being measured.
test.use({ trace: 'off' });

/**
 * Measures, in the built app, the three option-editor actions issue 31 gives a 50 ms budget, on a
 * question of 1,000 options: a keystroke in an option's label, 'load more' (200 rows) and a
 * keystroke in the filter box that changes every row shown. Each must answer, i.e. have its first
 * frame drawn, within 50 ms of main-thread CPU time; what the measuring itself costs (an action that
 * does nothing, measured the same way) is taken off. Logged beside: the work until the rest of the
 * rows have arrived, a few a frame, and the longest frame in wall time (other processes on the
 * machine lengthen it). Run by `npm run bench:web`.
 */
test('with 1,000 options, typing in an option, load more and filtering each answer within the budget', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  const { surveyId, title } = await surveyWithThousandOptions(page);

  // The controls, by the names a screen reader reads (Albanian, the default language).
  await page.goto(`/admin/surveys/${surveyId}`);
  await page.getByRole('button', { name: new RegExp(title) }).click();
  const filter = page.getByRole('searchbox', { name: surveys.options.filter });
  const loadMore = page.getByRole('button', { name: fill(surveys.options.loadMore, { count: 200 }), exact: true });
  const label = (n: number) =>
    page.getByRole('textbox', {
      name: fill(surveys.options.inRow, { field: surveys.options.descriptionXk, n }),
      exact: true,
    });
  const firstLabel = label(1);
  // Rows arrive a few a frame: measuring starts once the first hundred are all there.
  await expect(label(100)).toHaveValue('Fshati 100');

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await observeInteractions(page);

  /** Per action, the worst of its keystrokes or clicks on each measure. */
  const results: Record<string, { longestFrameMs: number; eventMs: number; responseMs: number; totalMs: number }> = {};
  const record = (name: string, measured: Measurement, baseline: Measurement) => {
    const worst = results[name] ?? { longestFrameMs: 0, eventMs: 0, responseMs: 0, totalMs: 0 };
    results[name] = {
      longestFrameMs: Math.max(worst.longestFrameMs, ...measured.longFramesMs),
      eventMs: Math.max(worst.eventMs, measured.eventMs),
      responseMs: Math.max(worst.responseMs, Math.round(measured.responseMs - baseline.responseMs)),
      totalMs: Math.max(worst.totalMs, Math.round(measured.totalMs - baseline.totalMs)),
    };
  };
  const idle = () => measure(page, cdp, async () => {});
  // Keys go straight to the page, so nothing of Playwright's own searching lands inside a measurement.
  const press = (key: string) => page.keyboard.press(key === ' ' ? 'Space' : key);

  await firstLabel.click();
  for (const key of ' i ri') record('typing in an option', await measure(page, cdp, () => press(key)), await idle());
  await expect(firstLabel).toHaveValue('Fshati 1 i ri');

  await loadMore.scrollIntoViewIfNeeded();
  const button = (await loadMore.boundingBox())!;
  const click = () => page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
  record('load more', await measure(page, cdp, click), await idle());
  await expect(page.getByText(fill(surveys.options.showing, { shown: 300, total: OPTION_COUNT }))).toBeVisible();
  await expect(label(300)).toHaveValue('Fshati 300');

  await filter.click();
  // 'Fshati ' keeps every option; the '5' then leaves Fshati 5, 50–59 and 500–599, and every row shown changes.
  for (const key of 'Fshati 5') record('filtering', await measure(page, cdp, () => press(key)), await idle());
  await expect(page.getByText(fill(surveys.options.showing, { shown: 100, total: 111 }))).toBeVisible();

  console.log(`Option editor, ${OPTION_COUNT} options, CPU slowdown ${CPU_SLOWDOWN}× (worst of each):`, results);
  for (const [name, worst] of Object.entries(results)) {
    expect(worst.responseMs, `${name}: main-thread CPU until its first frame`).toBeLessThanOrEqual(BUDGET_MS);
  }
});
