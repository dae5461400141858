import type { Page } from '@playwright/test';
import xkAdmin from '../../apps/web/src/locales/xk/admin.json' with { type: 'json' };
import xkLibrary from '../../apps/web/src/locales/xk/question-library.json' with { type: 'json' };
import xkSurveys from '../../apps/web/src/locales/xk/surveys.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { forgetSession, logIn, sessionToken } from '../session';
import { card } from '../survey-editor';
import { escape, fill, xk } from '../texts';

const surveys = xkSurveys;
const library = xkLibrary;

/** An option's value field (named 'Vlera, opsioni 2') and its 'More' button. */
const optionValue = (n: number) => fill(surveys.options.inRow, { field: surveys.options.value, n });
const optionMore = (n: number) => fill(surveys.options.moreLabel, { n });

async function logInAsAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
}

test('an admin builds a trilingual survey with a chapter, a conditional option and a library question, and finds it after reloading', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const libraryTitle = `Materiali i ndërtimit ${run}`;
  const surveyTitle = `Kalatë ${run}`;
  await logInAsAdmin(page);

  // A ready question in the library, to import later.
  await page.goto('/admin/questions/library');
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.questionLibrary.title })).toBeVisible();
  await page.getByRole('button', { name: library.create }).click();
  const libraryDialog = page.getByRole('dialog', { name: library.form.createTitle });
  await libraryDialog.getByRole('textbox', { name: library.form.titleXk }).fill(libraryTitle);
  await libraryDialog.getByRole('button', { name: library.form.addOption }).click();
  await libraryDialog.getByRole('button', { name: library.form.addOption }).click();
  await expect(libraryDialog.getByRole('textbox', { name: library.form.optionValue }).nth(1)).toHaveValue(
    fill(library.form.defaultOptionName, { n: 2 }),
  );
  await libraryDialog.getByRole('button', { name: library.form.save, exact: true }).click();
  await expect(page.getByRole('rowheader', { name: libraryTitle })).toBeVisible();

  // The survey, in three languages.
  await page.goto('/admin/surveys');
  await page.getByRole('link', { name: surveys.list.create }).click();
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.surveys.create })).toBeVisible();
  await page.getByRole('textbox', { name: surveys.fields.description }).fill(surveyTitle);
  await page.getByRole('textbox', { name: surveys.fields.longDescription }).fill('Kalatë mesjetare të Kosovës');
  await page.getByRole('tab', { name: surveys.tabs.en }).click();
  await page.getByRole('textbox', { name: surveys.fields.description }).fill(`Castles ${run}`);
  await page.getByRole('tab', { name: surveys.tabs.sr }).click();
  await page.getByRole('textbox', { name: surveys.fields.description }).fill(`Tvrđave ${run}`);
  await page.getByRole('button', { name: surveys.actions.save, exact: true }).click();
  const created = page.getByRole('dialog', { name: surveys.editor.result.saved });
  await created.getByRole('button', { name: surveys.editor.result.ok }).click();
  await expect(page).toHaveURL(/\/admin\/surveys\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.surveys.edit })).toBeVisible();

  // A chapter with two questions; a new question's first title takes the focus.
  await page.getByRole('button', { name: surveys.builder.addChapter }).click();
  await page.keyboard.type('Çatia');
  await page.getByRole('button', { name: fill(surveys.builder.addSubQuestionLabel, { nr: '1' }) }).click();
  await page.keyboard.type('A ka çati?');
  const roof = card(page, '1.1');
  await roof.getByLabel(surveys.fields.type).selectOption({ label: surveys.questionTypes.SINGLE_CHOICE });
  await roof.getByRole('textbox', { name: optionValue(1) }).fill('Po');
  await roof.getByRole('button', { name: surveys.options.add }).click();
  await page.keyboard.type('Jo');

  await page.getByRole('button', { name: fill(surveys.builder.addSubQuestionLabel, { nr: '1' }) }).click();
  await page.keyboard.type('Gjendja e çatisë');
  const condition = card(page, '1.2');
  await condition.getByRole('textbox', { name: optionValue(1) }).fill('E dëmtuar');
  await condition.getByRole('button', { name: optionMore(1) }).click();
  await condition.getByLabel(surveys.options.conditionalParent).selectOption({ label: '1.1 A ka çati?' });
  await condition.getByLabel(surveys.options.conditionalValue).selectOption('Po');

  // Reorder: the condition goes first, and the option still points at the roof question.
  await page.getByRole('button', { name: fill(surveys.builder.moveUp, { nr: '1.2' }) }).click();
  await expect(card(page, '1.1')).toHaveAccessibleName(/Gjendja e çatisë/);

  // One question from the library, at the top level.
  await page.getByRole('button', { name: surveys.builder.importFromLibrary }).click();
  const importDialog = page.getByRole('dialog', { name: surveys.import.title });
  const ready = importDialog.getByRole('button', { name: surveys.import.submit });
  await expect(ready).toBeDisabled();
  await importDialog.getByRole('checkbox', { name: new RegExp(escape(libraryTitle)) }).check();
  await ready.click();
  await expect(card(page, '2')).toHaveAccessibleName(new RegExp(escape(libraryTitle)));

  await page.getByRole('button', { name: surveys.actions.save, exact: true }).click();
  const saved = page.getByRole('dialog', { name: surveys.editor.result.saved });
  await saved.getByRole('button', { name: surveys.editor.result.ok }).click();
  await expect(saved).toHaveCount(0);

  // After reloading, everything is as it was.
  await page.reload();
  await expect(page.getByRole('heading', { name: surveys.builder.title })).toBeVisible();
  await expect(page.getByRole('textbox', { name: surveys.fields.description })).toHaveValue(surveyTitle);
  await page.getByRole('tab', { name: surveys.tabs.en }).click();
  await expect(page.getByRole('textbox', { name: surveys.fields.description })).toHaveValue(`Castles ${run}`);
  await page.getByRole('tab', { name: surveys.tabs.sr }).click();
  await expect(page.getByRole('textbox', { name: surveys.fields.description })).toHaveValue(`Tvrđave ${run}`);

  await expect(card(page, '1')).toHaveAccessibleName(/Çatia/);
  await expect(card(page, '1.1')).toHaveAccessibleName(/Gjendja e çatisë/);
  await expect(card(page, '1.2')).toHaveAccessibleName(/A ka çati\?/);
  await expect(card(page, '2')).toHaveAccessibleName(new RegExp(escape(libraryTitle)));

  await card(page, '1.2')
    .getByRole('button', { name: /A ka çati\?/ })
    .click();
  await expect(card(page, '1.2').getByRole('textbox', { name: optionValue(1) })).toHaveValue('Po');
  await expect(card(page, '1.2').getByRole('textbox', { name: optionValue(2) })).toHaveValue('Jo');
  await card(page, '1.1')
    .getByRole('button', { name: /Gjendja e çatisë/ })
    .click();
  const conditionAfter = card(page, '1.1');
  await expect(conditionAfter.getByRole('textbox', { name: optionValue(1) })).toHaveValue('E dëmtuar');
  await conditionAfter.getByRole('button', { name: optionMore(1) }).click();
  await expect(conditionAfter.getByLabel(surveys.options.conditionalParent).locator('option:checked')).toHaveText(
    '1.2 A ka çati?',
  );
  await expect(conditionAfter.getByLabel(surveys.options.conditionalValue)).toHaveValue('Po');
});

test('a user (role 1) who opens /admin/surveys is sent to Home', async ({ page }) => {
  await logInAsAdmin(page);
  const researcher = { userName: `anketuesi-${Date.now()}`, password: 'kerkim-trashegimia-2' };
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
    data: { ...researcher, role: 1 },
  });
  expect(created.status()).toBe(201);
  await forgetSession(page);
  await page.goto('/login');
  await logIn(page, researcher.userName, researcher.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();

  await page.goto('/admin/surveys');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
});
