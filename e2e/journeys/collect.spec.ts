import type { Page } from '@playwright/test';
import enCollect from '../../apps/web/src/locales/en/collect.json' with { type: 'json' };
import xkCollect from '../../apps/web/src/locales/xk/collect.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { forgetSession, logIn, sessionToken } from '../session';
import { fill, xk } from '../texts';

/** A real 1×1 PNG: the stored file must be an image a browser can draw. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Prizren's old town: where the phone says it is. */
const POSITION = { latitude: 42.2093, longitude: 20.7397 };

const COLLECTOR = { userName: `mbledhesi-${Date.now()}`, password: 'e2e-Collector-password-1' } as const;

type UploadedAsset = {
  id: string;
  name: string | null;
  locationAlt: number | null;
  locationLong: number | null;
  mediaTypes: string[];
  photoUrl: string | null;
};

test.use({
  viewport: { width: 360, height: 780 },
  isMobile: true,
  hasTouch: true,
  geolocation: { ...POSITION, accuracy: 8 },
  permissions: ['geolocation'],
});

/** 'Para' until the question with this label is on the screen. */
const nextUntil = async (page: Page, label: RegExp) => {
  const target = page.getByLabel(label).first();
  for (let step = 0; step < 20 && !(await target.isVisible()); step++) {
    await page.getByRole('button', { name: xkCollect.form.next, exact: true }).click();
  }
  await expect(target).toBeVisible();
};

/** The photo's preview is drawn from the bytes kept on the device. */
const expectPhotoShown = (page: Page) =>
  expect
    .poll(() =>
      page
        .getByRole('img', { name: fill(xkCollect.photos.preview, { number: 1, name: 'kulla.png' }) })
        .evaluate((image) => (image instanceof HTMLImageElement ? image.naturalWidth : 0)),
    )
    .toBeGreaterThan(0);

/** The app's worker controls the page, and the release it precached holds every file the page loaded. */
const expectReadyOffline = (page: Page) =>
  expect
    .poll(
      () =>
        page.evaluate(async () => {
          const precache = (await caches.keys()).find((name) => name.startsWith('workbox-precache'));
          if (!navigator.serviceWorker.controller || !precache) return 'no worker yet';
          const cache = await caches.open(precache);
          const loaded = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'));
          const missing = [];
          for (const url of loaded) if (!(await cache.match(url.href))) missing.push(url.pathname);
          return loaded.length > 0 && missing.length === 0 ? 'ready' : `not precached: ${missing.join(', ')}`;
        }),
      { timeout: 30_000 },
    )
    .toBe('ready');

test('a collector fills in the demo survey offline, with a conditional option and a photo; it syncs when back online', async ({
  page,
  context,
}) => {
  // The administrator opens an account for the collector (role 1).
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  const adminHeaders = { Authorization: `Bearer ${await sessionToken(page)}` };
  const created = await page.request.post('/api/users', {
    headers: adminHeaders,
    data: { userName: COLLECTOR.userName, password: COLLECTOR.password, role: 1 },
  });
  expect(created.ok()).toBe(true);
  await forgetSession(page);

  // Online: the collector signs in, opens the collector and so downloads the surveys.
  await page.goto('/login?redirectTo=%2Fcollect');
  await logIn(page, COLLECTOR.userName, COLLECTOR.password);
  await expect(page.getByRole('heading', { level: 1, name: xkCollect.title })).toBeVisible();
  await expect(page.getByText(/^Anketat në këtë pajisje, të shkarkuara më/)).toBeVisible();
  await expectReadyOffline(page);

  await context.setOffline(true);
  await expect(page.getByText(xkCollect.connection.offline)).toBeVisible();
  const assetName = `Kulla e provës ${Date.now()}`;
  await page.getByLabel(xkCollect.start.survey).selectOption({ index: 1 });
  await page.getByRole('button', { name: xkCollect.start.submit, exact: true }).click();
  await page.getByLabel(/Emri i asetit$/).fill(assetName);
  await nextUntil(page, /Komuna$/);
  await page.getByLabel(/Komuna$/).selectOption('Prizren');

  // 'Type of protection' offers the permanent kind only for a protected asset (a conditional option).
  await page.getByRole('button', { name: xkCollect.form.next, exact: true }).click();
  const status = page.getByRole('group', { name: /Statusi i mbrojtjes$/ });
  for (let step = 0; step < 20 && !(await status.isVisible()); step++) {
    await page.getByRole('button', { name: xkCollect.form.next, exact: true }).click();
  }
  await status.getByRole('radio', { name: 'Nën mbrojtje' }).check();
  await page.getByRole('button', { name: xkCollect.form.next, exact: true }).click();
  const kind = page.getByRole('group', { name: /Lloji i mbrojtjes$/ });
  await expect(kind.getByRole('radio', { name: 'Lista për mbrojtje të përkohshme' })).toHaveCount(0);
  await kind.getByRole('radio', { name: 'Mbrojtje e përhershme' }).check();

  // 'No earlier documentation' ends the survey: next comes the location and the photos.
  await page.getByRole('button', { name: xkCollect.form.next, exact: true }).click();
  const documentation = page.getByRole('group', { name: /A ekziston dokumentacion i mëparshëm\?$/ });
  for (let step = 0; step < 5 && !(await documentation.isVisible()); step++) {
    await page.getByRole('button', { name: xkCollect.form.next, exact: true }).click();
  }
  await documentation.getByRole('radio', { name: 'Jo' }).check();
  await page.getByRole('button', { name: xkCollect.form.next, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: xkCollect.form.finishStep })).toBeVisible();

  await page.getByRole('button', { name: xkCollect.location.useDevice }).click();
  await expect(page.getByText(/\(saktësia ±8 m\)$/)).toBeVisible();
  await page
    .getByLabel(xkCollect.photos.choose)
    .setInputFiles({ name: 'kulla.png', mimeType: 'image/png', buffer: PNG });
  await expectPhotoShown(page);
  await expect(page.getByText(xkCollect.form.saved)).toBeVisible();

  // Closed and opened again, still offline: the app opens from the worker and the draft is there.
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto('/collect');
  await expect(reopened.getByRole('heading', { level: 1, name: xkCollect.title })).toBeVisible();
  // Offline, the collector still switches language: every language's texts were kept with the app.
  await reopened.getByRole('button', { name: xk.common.nav.toggle, exact: true }).click();
  await reopened.getByRole('button', { name: /^EN/ }).click();
  await expect(reopened.getByRole('heading', { level: 1, name: enCollect.title })).toBeVisible();
  await reopened.getByRole('button', { name: /^XK/ }).click();
  await expect(reopened.getByRole('heading', { level: 1, name: xkCollect.title })).toBeVisible();
  await reopened.getByRole('button', { name: xk.common.nav.toggle, exact: true }).click();
  await reopened
    .getByRole('link', {
      name: fill(xkCollect.drafts.continueLabel, { name: 'Formulari i regjistrimit të trashëgimisë kulturore' }),
    })
    .click();
  await expect(reopened.getByRole('heading', { level: 2, name: xkCollect.form.finishStep })).toBeVisible();
  await expectPhotoShown(reopened);
  await reopened.getByRole('button', { name: xkCollect.form.finish }).click();
  await expect(reopened.getByText(xkCollect.outbox.state.waiting)).toBeVisible();

  // Back online, the queue sends itself.
  await context.setOffline(false);
  await expect(reopened.getByText(xkCollect.outbox.state.sent, { exact: true })).toBeVisible({ timeout: 30_000 });

  // The administrator finds it in the asset list, which opens on the uploaded ones, with its photo and the phone's location.
  await forgetSession(reopened);
  await reopened.goto('/login?redirectTo=%2Fadmin%2Fsurveys%2Fassets');
  await logIn(reopened, ADMIN.userName, ADMIN.password);
  const row = reopened.getByRole('row').filter({ has: reopened.getByRole('rowheader', { name: assetName }) });
  await expect(row).toContainText('Prizren');

  const { items } = (await (
    await reopened.request.get('/api/surveys/assets?status=UPLOADED&limit=100', { headers: adminHeaders })
  ).json()) as { items: UploadedAsset[] };
  const asset = items.find((candidate) => candidate.name === assetName);
  expect(asset).toBeDefined();
  expect(asset!.mediaTypes).toContain('PHOTO');
  expect(asset!.photoUrl).not.toBeNull();
  expect(asset!.locationAlt).toBeCloseTo(POSITION.latitude, 4);
  expect(asset!.locationLong).toBeCloseTo(POSITION.longitude, 4);
});
