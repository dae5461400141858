import xkAdmin from '../../apps/web/src/locales/xk/admin.json' with { type: 'json' };
import xkAssetsAdmin from '../../apps/web/src/locales/xk/assets-admin.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { logIn, sessionToken } from '../session';
import { fill, xk } from '../texts';

const media = xkAssetsAdmin.media;

/** A real 1×1 PNG: the stored file must be an image a browser can draw. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type AssetSummary = { id: string; mediaTypes: string[]; photoUrl: string | null };
type MediaList = { items: Array<{ path: string; type: string; originalName: string | null }> };

test('an admin uploads a photo with visible progress, sees it on the asset, removes it', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
  const getJson = async <T>(path: string): Promise<T> => {
    const response = await page.request.get(path, { headers });
    expect(response.ok()).toBe(true);
    return (await response.json()) as T;
  };

  // An approved asset, without photos if the demo has one, so its first photo becomes the new one.
  const { items: assets } = await getJson<{ items: AssetSummary[] }>('/api/surveys/assets?status=APPROVED&limit=100');
  const asset = assets.find((candidate) => !candidate.mediaTypes.includes('PHOTO')) ?? assets[0]!;
  const hadPhoto = asset.mediaTypes.includes('PHOTO');
  const before = await getJson<MediaList>(`/api/surveys/assets/${asset.id}/media`);
  const photosBefore = before.items.filter((item) => item.type === 'PHOTO').length;

  // The file's transfer waits until the journey has seen the progress panel.
  let releaseUpload: () => void = () => {};
  const uploadReleased = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/api/blobs/**', async (route) => {
    if (route.request().method() === 'PUT') await uploadReleased;
    await route.continue();
  });

  await page.goto(`/admin/surveys/assets/${asset.id}/media`);
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.assets.media })).toBeVisible();
  const photos = page.getByRole('region', { name: new RegExp(`^${media.sections.PHOTO}`) });
  await expect(photos.getByRole('heading', { level: 2 })).toContainText(`(${photosBefore})`);

  await page.getByLabel(fill(media.addTo, { section: media.sections.PHOTO })).setInputFiles({
    name: 'kulla-e-re.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText(fill(media.upload.progress, { completed: 0, total: 1 }))).toBeVisible();
  await expect(page.getByRole('progressbar', { name: media.upload.bytes })).toBeVisible();
  await expect(page.getByText(fill(media.upload.current, { name: 'kulla-e-re.png' }))).toBeVisible();
  releaseUpload();

  await expect(page.getByText(media.saved)).toBeVisible();
  await expect(photos.getByRole('heading', { level: 2 })).toContainText(`(${photosBefore + 1})`);
  // Shown by the name the file had on the computer, not by the stored file's generated one.
  const label = 'kulla-e-re.png';
  const thumbnail = photos.getByRole('button', { name: fill(media.openLabel, { name: label }) }).locator('img');
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  // On the asset: its media list ends with the new file, and the asset now has a photo.
  const after = await getJson<MediaList>(`/api/surveys/assets/${asset.id}/media`);
  const added = after.items.at(-1)!;
  expect(added).toMatchObject({
    type: 'PHOTO',
    path: expect.stringMatching(new RegExp(`^assets/${asset.id}/.+\\.png$`)),
    originalName: 'kulla-e-re.png',
  });
  const detail = await getJson<AssetSummary>(`/api/surveys/assets/${asset.id}`);
  expect(detail.mediaTypes).toContain('PHOTO');
  if (!hadPhoto) expect(detail.photoUrl).toContain(added.path);

  await photos.getByRole('button', { name: fill(media.removeLabel, { name: label }) }).click();
  const confirm = page.getByRole('dialog', { name: media.confirmRemove.title });
  await confirm.getByRole('button', { name: media.remove, exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(photos.getByRole('heading', { level: 2 })).toContainText(`(${photosBefore})`);

  const afterRemoval = await getJson<MediaList>(`/api/surveys/assets/${asset.id}/media`);
  expect(afterRemoval.items.map((item) => item.path)).toEqual(before.items.map((item) => item.path));
});
