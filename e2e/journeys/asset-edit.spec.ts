import type { Page } from '@playwright/test';
import xkAdmin from '../../apps/web/src/locales/xk/admin.json' with { type: 'json' };
import xkAssets from '../../apps/web/src/locales/xk/assets-admin.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { logIn, sessionToken } from '../session';
import { fill, xk } from '../texts';

const edit = xkAssets.edit;
const history = xkAssets.history;

// The demo survey's legal chapter: 'Lloji i mbrojtjes' offers its options only for some answers of 'Statusi i mbrojtjes'.
const STATUS_TITLE = 'Statusi i mbrojtjes';
const TYPE_TITLE = 'Lloji i mbrojtjes';
const PROTECTED = 'Nën mbrojtje';
const PENDING = 'Në procedurë';
const PERMANENT = 'Mbrojtje e përhershme';
const TEMPORARY = 'Mbrojtje e përkohshme';
const LISTED = 'Lista për mbrojtje të përkohshme';

type Answer = { questionNr: string; titleXk: string | null; value: string | null };

/** A demo asset recorded as protected, permanently: its id and the numbers of the two questions. */
async function protectedAsset(page: Page) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const list = await page.request.get('/api/surveys/assets?limit=50&sortBy=date&sortOrder=desc', { headers });
  expect(list.ok()).toBe(true);
  for (const { id } of ((await list.json()) as { items: { id: string }[] }).items) {
    const detail = await page.request.get(`/api/surveys/assets/${id}`, { headers });
    const { answers } = (await detail.json()) as { answers: Answer[] };
    const status = answers.find((answer) => answer.titleXk === STATUS_TITLE && answer.value === PROTECTED);
    const type = answers.find((answer) => answer.titleXk === TYPE_TITLE && answer.value === PERMANENT);
    if (status && type) return { id, statusNr: status.questionNr, typeNr: type.questionNr };
  }
  throw new Error('No demo asset among the newest 50 is recorded as permanently protected');
}

test('an admin edits an answer whose change hides a conditional option, saves, and reads the change in the history', async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  const asset = await protectedAsset(page);

  await page.goto(`/admin/surveys/assets/${asset.id}`);
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.assets.edit })).toBeVisible();
  const status = page.getByRole('combobox', {
    name: fill(edit.answers.label, { nr: asset.statusNr, title: STATUS_TITLE }),
  });
  const type = page.getByRole('combobox', { name: fill(edit.answers.label, { nr: asset.typeNr, title: TYPE_TITLE }) });
  await expect(status).toHaveValue(PROTECTED);
  await expect(type).toHaveValue(PERMANENT);
  await expect(type.getByRole('option', { name: TEMPORARY })).toBeAttached();

  // An edit of the dependent question, then a new parent answer: the protected-only options go, and the edit with them.
  await type.selectOption(TEMPORARY);
  await status.selectOption(PENDING);
  await expect(type.getByRole('option', { name: TEMPORARY })).toHaveCount(0);
  await expect(type.getByRole('option', { name: PERMANENT })).toHaveCount(0);
  await expect(type).toHaveValue('');
  await type.selectOption(LISTED);

  await page.getByRole('button', { name: edit.actions.save, exact: true }).click();
  const saved = page.getByRole('dialog', { name: edit.result.saved });
  await saved.getByRole('button', { name: edit.result.ok }).click();
  await expect(saved).toHaveCount(0);

  const changes = page.getByRole('region', { name: history.title }).getByRole('listitem').first();
  await expect(changes).toContainText(history.action.edit);
  const quoted = (text: string) => fill(history.quoted, { text });
  await expect(
    changes.getByText(
      fill(history.change.answer, {
        question: fill(edit.answers.label, { nr: asset.statusNr, title: STATUS_TITLE }),
        before: quoted(PROTECTED),
        after: quoted(PENDING),
      }),
    ),
  ).toBeVisible();
  await expect(
    changes.getByText(
      fill(history.change.answer, {
        question: fill(edit.answers.label, { nr: asset.typeNr, title: TYPE_TITLE }),
        before: quoted(PERMANENT),
        after: quoted(LISTED),
      }),
    ),
  ).toBeVisible();

  // Stored: a fresh page shows the new answers.
  await page.reload();
  await expect(status).toHaveValue(PENDING);
  await expect(type).toHaveValue(LISTED);
});
