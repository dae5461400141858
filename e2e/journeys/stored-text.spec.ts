import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import xkAdmin from '../../apps/web/src/locales/xk/admin.json' with { type: 'json' };
import xkAssets from '../../apps/web/src/locales/xk/assets-admin.json' with { type: 'json' };
import xkArchive from '../../apps/web/src/locales/xk/archive.json' with { type: 'json' };
import documentation from '../../apps/web/src/locales/xk/documentation.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { logIn, sessionToken } from '../session';
import { xk } from '../texts';

/** Markup that runs script if a page ever inserts stored text as HTML instead of as text. */
const IMAGE_PAYLOAD = '<img src=x onerror="window.__xss=1">';
const SCRIPT_PAYLOAD = '<script>window.__xss=1</script>';

type Headers = Record<string, string>;
type Grant = { uploadUrl: string; requiredHeaders: Headers; blobPath: string };
type QuestionNode = { id: number; questionIdentifier: string | null; children?: QuestionNode[] };

/** A one-pixel PNG, so the asset has a photo and appears in the archive. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal PDF: its first bytes are what the server checks an upload against. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

function findByIdentifier(nodes: QuestionNode[], identifier: string): QuestionNode | undefined {
  for (const node of nodes) {
    if (node.questionIdentifier === identifier) return node;
    const found = findByIdentifier(node.children ?? [], identifier);
    if (found) return found;
  }
  return undefined;
}

/** A dataset, an asset awaiting review in it and a guideline, each carrying markup in what readers see. */
async function storeHostileTexts(request: APIRequestContext, headers: Headers, tag: string) {
  const texts = {
    datasetName: `Kalatë ${tag} ${IMAGE_PAYLOAD}`,
    datasetDescription: `Përshkrim ${SCRIPT_PAYLOAD} ${IMAGE_PAYLOAD}`,
    assetName: `Kulla ${tag} ${IMAGE_PAYLOAD}`,
    comment: `Koment ${SCRIPT_PAYLOAD}`,
    guidelineTitle: `Udhëzues ${tag} ${SCRIPT_PAYLOAD}`,
  };

  const dataset = await json<{ id: number }>(
    await request.post('/api/datasets', {
      headers,
      data: { name: texts.datasetName, descriptionXk: texts.datasetDescription },
    }),
  );

  const { items: surveys } = await json<{ items: { survey: { id: number }; questions: QuestionNode[] }[] }>(
    await request.get('/api/collect/surveys', { headers }),
  );
  const survey = surveys.find((candidate) => findByIdentifier(candidate.questions, 'ASSET_NAME'));
  expect(survey, 'a demo survey asks for the asset name').toBeDefined();
  const nameQuestion = findByIdentifier(survey!.questions, 'ASSET_NAME')!;
  const asset = await json<{ id: string }>(
    await request.post('/api/collect/submissions', {
      headers,
      data: {
        surveyId: survey!.survey.id,
        uniqueId: randomUUID(),
        date: new Date().toISOString(),
        latitude: 42.6629,
        longitude: 21.1655,
        answers: [{ questionId: nameQuestion.id, value: texts.assetName }],
      },
    }),
  );
  const { version } = await json<{ version: number }>(
    await request.get(`/api/surveys/assets/${asset.id}`, { headers }),
  );
  await json(
    await request.patch(`/api/surveys/assets/${asset.id}`, {
      headers,
      data: { version, comments: texts.comment, datasetId: dataset.id },
    }),
  );

  const photo = await json<Grant>(
    await request.post(`/api/surveys/assets/${asset.id}/media/sas`, {
      headers,
      data: { mediaType: 'PHOTO', extension: 'png', contentType: 'image/png', size: PNG.length },
    }),
  );
  expect((await request.put(photo.uploadUrl, { headers: photo.requiredHeaders, data: PNG })).status()).toBe(201);
  await json(
    await request.put(`/api/surveys/assets/${asset.id}/media`, {
      headers,
      data: { media: [{ path: photo.blobPath, type: 'PHOTO' }] },
    }),
  );

  const grant = await json<Grant>(
    await request.post('/api/guidelines/upload/sas', {
      headers,
      data: { fileName: `udhezues-${tag}.pdf`, contentType: 'application/pdf', size: PDF.length },
    }),
  );
  expect((await request.put(grant.uploadUrl, { headers: grant.requiredHeaders, data: PDF })).status()).toBe(201);
  const guideline = await json<{ id: number }>(
    await request.post('/api/guidelines', {
      headers,
      data: { title: texts.guidelineTitle, path: grant.blobPath, contentType: 'application/pdf' },
    }),
  );

  return { texts, datasetId: dataset.id, assetId: asset.id, guidelineId: guideline.id };
}

/** The page ran none of the stored markup and made no elements of it (a dialog would have failed the test). */
async function expectNoScriptRan(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"], script:has-text("__xss")')).toHaveCount(0);
}

test('markup stored in a dataset, an asset and a guideline shows as plain text on every page and never runs', async ({
  page,
}) => {
  page.on('dialog', (dialog) => {
    throw new Error(`the page opened a ${dialog.type()} dialog: ${dialog.message()}`);
  });
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const tag = Date.now().toString(36);
  const { texts, datasetId, assetId, guidelineId } = await storeHostileTexts(page.request, headers, tag);

  try {
    // Back office, while the asset awaits review: the list and the editor.
    await page.goto('/admin/surveys/assets');
    await expect(page.getByRole('heading', { level: 1, name: xkAdmin.assets.list })).toBeVisible();
    // The name cell may shorten a long name; the row's accessible name carries it whole.
    const row = page.getByRole('row', { name: texts.assetName });
    await expect(row).toBeVisible();
    await expect(row.getByText(texts.datasetName)).toBeVisible();
    await expectNoScriptRan(page);

    await page.goto(`/admin/surveys/assets/${assetId}`);
    await expect(page.getByRole('heading', { level: 1, name: xkAdmin.assets.edit })).toBeVisible();
    await expect(page.getByText(texts.assetName).first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: xkAssets.edit.fields.comments })).toHaveValue(texts.comment);
    await expectNoScriptRan(page);

    await json(
      await page.request.patch(`/api/surveys/assets/${assetId}/status`, { headers, data: { status: 'APPROVED' } }),
    );

    // Public side: the dataset among the others, its page, and the asset's details.
    await page.goto('/data');
    await expect(page.getByText(texts.datasetName).first()).toBeVisible();
    await expectNoScriptRan(page);

    await page.goto(`/data/${datasetId}`);
    await expect(page.getByText(texts.datasetDescription).first()).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: texts.assetName });
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: xk.public.dataset.item.details }).click();
    const details = page.getByRole('dialog');
    await expect(details.getByText(texts.assetName).first()).toBeVisible();
    await expectNoScriptRan(page);
    await page.keyboard.press('Escape');

    await page.goto('/archive');
    await page.getByRole('combobox', { name: xkArchive.filters.dataset }).selectOption({ label: texts.datasetName });
    const results = page.getByRole('region', { name: xkArchive.results.heading });
    // The card shortens a long name to its beginning, markup included; the dialog shows it whole.
    const card = results.getByRole('heading', { level: 3, name: `Kulla ${tag} <img src=x` });
    await expect(card).toHaveCount(1);
    await card.getByRole('button').click();
    await expect(page.getByRole('dialog', { name: texts.assetName })).toBeVisible();
    await expectNoScriptRan(page);
    await page.keyboard.press('Escape');

    await page.goto('/admin/guidelines');
    await expect(page.getByText(texts.guidelineTitle).first()).toBeVisible();
    await expectNoScriptRan(page);

    await page.goto('/dokumentacioni');
    const list = page.getByRole('list', { name: documentation.listLabel });
    await expect(list.getByText(texts.guidelineTitle)).toBeVisible();
    await expectNoScriptRan(page);
  } finally {
    // Later journeys count the demo's documents and datasets: what this one added leaves the public side.
    await page.request.delete(`/api/guidelines/${guidelineId}`, { headers });
    await page.request.patch(`/api/datasets/${datasetId}`, { headers, data: { isActive: false } });
  }
});
