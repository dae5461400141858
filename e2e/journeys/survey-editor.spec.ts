import type { APIRequestContext, Page } from '@playwright/test';
import xkSurveys from '../../apps/web/src/locales/xk/surveys.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { logIn, sessionToken } from '../session';
import { card } from '../survey-editor';
import { fill, xk } from '../texts';

const surveys = xkSurveys;

async function logInAsAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
}

type NewQuestion = {
  tempId: string;
  parentTempId?: string;
  questionNr: string;
  questionCategory: 'PARENT' | 'CHAPTER' | 'GROUP';
  questionType?: 'TEXT' | 'SINGLE_CHOICE';
  titleXk: string;
};

/** A survey saved through the API as the editor saves it; answers the id of each question by tempId. */
async function createSurvey(request: APIRequestContext, token: string, description: string, questions: NewQuestion[]) {
  const headers = { Authorization: `Bearer ${token}` };
  const survey = await (await request.post('/api/surveys', { headers, data: { descriptionXk: description } })).json();
  const saved = await request.post(`/api/surveys/${survey.id}/questions`, { headers, data: { questions } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { mappings } = (await saved.json()) as { mappings: { tempId: string; id: number }[] };
  return { surveyId: survey.id as number, ids: new Map(mappings.map(({ tempId, id }) => [tempId, id])), headers };
}

test('an admin who leaves the survey editor with unsaved edits is asked first, whichever way they leave', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAsAdmin(page);
  const description = `Anketa e kullave ${Date.now().toString(36)}`;
  await createSurvey(page.request, (await sessionToken(page))!, description, [
    { tempId: 'name', questionNr: '1', questionCategory: 'PARENT', questionType: 'TEXT', titleXk: 'Emri' },
  ]);

  // Opened from the list, so that the browser's back button has somewhere to go inside the app.
  await page.goto(`/admin/surveys?q=${encodeURIComponent(description)}`);
  await page.getByRole('link', { name: fill(surveys.list.actions.editLabel, { name: description }) }).click();
  const field = page.getByRole('textbox', { name: surveys.fields.description });
  await expect(field).toHaveValue(description);
  const editorUrl = page.url();
  await field.fill(`${description} e re`);

  const leaveDialog = page.getByRole('dialog', { name: surveys.editor.leave.title });
  const keepEditing = async () => {
    await expect(leaveDialog).toBeVisible();
    await leaveDialog.getByRole('button', { name: surveys.editor.leave.stay }).click();
    await expect(leaveDialog).toHaveCount(0);
    expect(page.url()).toBe(editorUrl);
    await expect(field).toHaveValue(`${description} e re`);
  };

  await page.getByRole('link', { name: `← ${surveys.editor.back}` }).click();
  await keepEditing();
  await page
    .getByRole('navigation', { name: xk.common.nav.label })
    .first()
    .getByRole('link', { name: xk.common.nav.data })
    .click();
  await keepEditing();
  await page.getByRole('button', { name: surveys.actions.cancel }).click();
  await keepEditing();
  await page.goBack({ waitUntil: 'commit' });
  await keepEditing();

  // Closing the tab: the browser asks through its own dialog, and staying keeps the page.
  const closing = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await closing;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(field).toHaveValue(`${description} e re`);

  // Saved, the edits are no longer at risk: leaving asks nothing.
  await page.getByRole('button', { name: surveys.actions.save, exact: true }).click();
  const result = page.getByRole('dialog', { name: surveys.editor.result.saved });
  await result.getByRole('button', { name: surveys.editor.result.ok }).click();
  await page.getByRole('link', { name: `← ${surveys.editor.back}` }).click();
  await expect(page).toHaveURL(/\/admin\/surveys(\?.*)?$/);
  await expect(leaveDialog).toHaveCount(0);
});

test('deleting a chapter renumbers the questions after it, carries their skip targets along, and shows the skip it cleared until it is set again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAsAdmin(page);
  const description = `Kullat me çati ${Date.now().toString(36)}`;
  // 1 asks about the roof: 'Po' skips into chapter 2, 'Jo' past it to 3.
  const { surveyId, ids, headers } = await createSurvey(page.request, (await sessionToken(page))!, description, [
    {
      tempId: 'roof',
      questionNr: '1',
      questionCategory: 'PARENT',
      questionType: 'SINGLE_CHOICE',
      titleXk: 'A ka çati?',
    },
    { tempId: 'chapter', questionNr: '2', questionCategory: 'CHAPTER', titleXk: 'Çatia' },
    {
      tempId: 'material',
      parentTempId: 'chapter',
      questionNr: '2.1',
      questionCategory: 'PARENT',
      questionType: 'TEXT',
      titleXk: 'Materiali',
    },
    { tempId: 'walls', parentTempId: 'chapter', questionNr: '2.2', questionCategory: 'GROUP', titleXk: 'Muret' },
    {
      tempId: 'thickness',
      parentTempId: 'walls',
      questionNr: '2.2.1',
      questionCategory: 'PARENT',
      questionType: 'TEXT',
      titleXk: 'Trashësia',
    },
    { tempId: 'notes', questionNr: '3', questionCategory: 'PARENT', questionType: 'TEXT', titleXk: 'Shënime' },
    { tempId: 'sketch', questionNr: '4', questionCategory: 'PARENT', questionType: 'TEXT', titleXk: 'Skica' },
  ]);
  const options = await page.request.post(`/api/questions/${ids.get('roof')}/options`, {
    headers,
    data: {
      items: [
        { value: 'Po', validateType: 'NEXT_QUESTION', toQuestionNr: '2.1' },
        { value: 'Jo', validateType: 'NEXT_QUESTION', toQuestionNr: '3' },
      ],
    },
  });
  expect(options.ok(), await options.text()).toBe(true);

  await page.goto(`/admin/surveys/${surveyId}`);
  await page.getByRole('button', { name: fill(surveys.builder.deleteLabel, { nr: '2' }), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: fill(surveys.builder.confirmDelete.title, { nr: '2' }) });
  await expect(confirm).toContainText(fill(surveys.builder.confirmDelete.description, { count: 3 }));
  await confirm.getByRole('button', { name: surveys.actions.delete, exact: true }).click();

  // 3 and 4 move up; the chapter and the three questions inside it are gone.
  await expect(card(page, '2')).toContainText('Shënime');
  await expect(card(page, '3')).toContainText('Skica');
  await expect(card(page, '4')).toHaveCount(0);
  await expect(card(page, '2.1')).toHaveCount(0);
  const warning = page.getByRole('alert').filter({ hasText: surveys.builder.cleared.title });
  await expect(warning).toContainText(
    fill(surveys.builder.cleared.skipTarget, { nr: '1', option: 'Po', deletedNr: '2.1' }),
  );

  // 'Jo' follows its question to 2; 'Po' has lost its target and says so until it is given one.
  const roof = card(page, '1');
  await roof.getByRole('button', { name: /A ka çati\?/ }).click();
  await expect(roof.getByText(surveys.options.marks.noTarget)).toBeVisible();
  await expect(roof.getByText(fill(surveys.options.marks.skipsTo, { nr: '2' }), { exact: true })).toBeVisible();
  await roof.getByRole('button', { name: fill(surveys.options.moreLabel, { n: 1 }) }).click();
  await roof.getByRole('combobox', { name: surveys.options.toQuestion }).selectOption({ label: '3 Skica' });
  await expect(warning).toHaveCount(0);

  await page.getByRole('button', { name: surveys.actions.save, exact: true }).click();
  await expect(page.getByRole('dialog', { name: surveys.editor.result.saved })).toBeVisible();

  type Node = { questionNr: string; titleXk: string; options: { value: string; toQuestionNr: string | null }[] };
  const { items } = (await (await page.request.get(`/api/surveys/${surveyId}/questions`, { headers })).json()) as {
    items: Node[];
  };
  expect(items.map((node) => [node.questionNr, node.titleXk])).toEqual([
    ['1', 'A ka çati?'],
    ['2', 'Shënime'],
    ['3', 'Skica'],
  ]);
  expect(items[0]!.options.map((option) => [option.value, option.toQuestionNr])).toEqual([
    ['Po', '3'],
    ['Jo', '2'],
  ]);
});
