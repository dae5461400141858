import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import xkCollect from '../../apps/web/src/locales/xk/collect.json' with { type: 'json' };
import xkSurveys from '../../apps/web/src/locales/xk/surveys.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { logIn, sessionToken } from '../session';
import { fill, xk } from '../texts';

/** A form written by the XLSForm project for its own tests: a text, a group, a phone number, an integer. */
const GROUP_FORM = readFileSync(
  new URL('../../apps/server/src/modules/xlsform/testing/pyxform/group.xlsx', import.meta.url),
);

async function logInAsAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
}

/** Opens the import dialog on the survey list and chooses the workbook; the dry run starts by itself. */
async function chooseXlsForm(page: Page, file: { name: string; buffer: Buffer }) {
  await page.goto('/admin/surveys');
  await page.getByRole('button', { name: xkSurveys.xlsform.import }).click();
  const dialog = page.getByRole('dialog', { name: xkSurveys.xlsform.title });
  await dialog.getByLabel(xkSurveys.xlsform.file).setInputFiles({
    name: file.name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file.buffer,
  });
  return dialog;
}

test('an admin imports an XLSForm, reads what it could not map, creates the survey, and its download reads back whole', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAsAdmin(page);

  // The dry run lists the form's questions and, row by row, what was not made exactly.
  const dialog = await chooseXlsForm(page, { name: 'group.xlsx', buffer: GROUP_FORM });
  await expect(dialog.getByText(fill(xkSurveys.xlsform.read, { warnings: 1 }))).toBeVisible();
  const tree = dialog.getByRole('list', { name: xkSurveys.xlsform.treeLabel });
  await expect(tree).toContainText('How old is your father?');
  const warnings = dialog.getByRole('table', { name: xkSurveys.xlsform.warningsCaption });
  await expect(warnings.getByRole('row').filter({ hasText: 'phone number' })).toContainText('survey');

  // Created, it opens in the editor as a survey of its own.
  await dialog.getByRole('button', { name: xkSurveys.xlsform.create }).click();
  await expect(page.getByText(fill(xkSurveys.xlsform.created, { count: 1 }))).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/surveys\/\d+/);
  const surveyId = Number(/\/admin\/surveys\/(\d+)/.exec(page.url())![1]);

  // Downloaded as XLSForm and sent back, the workbook makes the same questions with nothing lost.
  await page.goto('/admin/surveys');
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('button', { name: fill(xkSurveys.xlsform.downloadLabel, { name: 'XLSForm' }) })
    .first()
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const exported = readFileSync((await download.path())!);

  const again = await chooseXlsForm(page, { name: download.suggestedFilename(), buffer: exported });
  await expect(again.getByText(fill(xkSurveys.xlsform.read, { warnings: 0 }))).toBeVisible();
  await expect(again.getByText(xkSurveys.xlsform.noWarnings)).toBeVisible();
  await expect(again.getByRole('list', { name: xkSurveys.xlsform.treeLabel })).toContainText('How old is your father?');
  await again.getByRole('button', { name: xkSurveys.xlsform.create }).click();
  await expect(page.getByText(fill(xkSurveys.xlsform.created, { count: 0 }))).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/surveys\/\d+/);
  const copyId = Number(/\/admin\/surveys\/(\d+)/.exec(page.url())![1]);
  expect(copyId).not.toBe(surveyId);

  const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
  const shape = async (id: number) => {
    const { items } = await (await page.request.get(`/api/surveys/${id}/questions`, { headers })).json();
    type Node = { questionNr: string; questionType: string | null; titleEn: string | null; children: Node[] };
    const walk = (nodes: Node[]): unknown[] =>
      nodes.map((node) => [node.questionNr, node.questionType, node.titleEn, walk(node.children)]);
    return walk(items);
  };
  expect(await shape(copyId)).toEqual(await shape(surveyId));
});

test('a collector is stopped at a required number left empty or out of its bounds, and sends once it is right', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAsAdmin(page);
  const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
  const run = Date.now().toString(36);

  // An active survey, with a dataset for its assets: a name and a required year between 1000 and 2026.
  const dataset = await (await page.request.post('/api/datasets', { headers, data: { name: `Kullat ${run}` } })).json();
  const survey = await (
    await page.request.post('/api/surveys', {
      headers,
      data: { descriptionXk: `Viti i kullave ${run}`, defaultDatasetId: dataset.id },
    })
  ).json();
  const saved = await page.request.post(`/api/surveys/${survey.id}/questions`, {
    headers,
    data: {
      questions: [
        {
          tempId: 'name',
          questionNr: '1',
          questionCategory: 'PARENT',
          questionType: 'TEXT',
          questionIdentifier: 'ASSET_NAME',
          titleXk: 'Emri i kullës',
        },
        {
          tempId: 'year',
          questionNr: '2',
          questionCategory: 'PARENT',
          questionType: 'NUMBER',
          required: true,
          limMin: '1000',
          limMax: '2026',
          titleXk: 'Viti i ndërtimit',
          hintXk: 'Sipas mbishkrimit mbi derë',
        },
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.goto('/collect');
  await expect(page.getByRole('heading', { level: 1, name: xkCollect.title })).toBeVisible();
  await page.getByLabel(xkCollect.start.survey).selectOption({ label: `Viti i kullave ${run}` });
  await page.getByRole('button', { name: xkCollect.start.submit, exact: true }).click();
  const assetName = `Kulla ${run}`;
  await page.getByLabel(/Emri i kullës$/).fill(assetName);
  await page.getByRole('button', { name: xkCollect.form.next, exact: true }).click();

  const year = page.getByRole('textbox', { name: /Viti i ndërtimit$/ });
  await expect(page.getByText('Sipas mbishkrimit mbi derë')).toBeVisible();
  await page.getByRole('button', { name: xkCollect.form.next, exact: true }).click();
  await expect(page.getByText(xkCollect.form.problems.required)).toBeVisible();
  await expect(page.getByText(xkCollect.form.fixProblems)).toBeVisible();

  await year.fill('2100');
  await page.getByRole('button', { name: xkCollect.form.next, exact: true }).click();
  await expect(
    page.getByText(fill(xkCollect.form.limits.numberBetween, { min: 1000, max: 2026 })).first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: xkCollect.form.finishStep })).toHaveCount(0);

  await year.fill('1750');
  await page.getByRole('button', { name: xkCollect.form.next, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: xkCollect.form.finishStep })).toBeVisible();
  await page.getByRole('button', { name: xkCollect.form.finish }).click();
  await expect(page.getByText(xkCollect.outbox.state.sent, { exact: true })).toBeVisible({ timeout: 30_000 });

  const { items } = await (
    await page.request.get(`/api/surveys/assets?surveyId=${survey.id}&limit=10`, { headers })
  ).json();
  expect(items.map((asset: { name: string }) => asset.name)).toEqual([assetName]);
});
