import { readFile } from 'node:fs/promises';
import documentation from '../../apps/web/src/locales/xk/documentation.json' with { type: 'json' };
import { expect, test } from '../fixtures';
import { xk } from '../texts';

const PHOTO_GUIDE = 'Udhëzues për fotografimin e trashëgimisë kulturore';
const WORD_FORM = 'Formulari i vlerësimit të gjendjes · Condition assessment form · Obrazac za procenu stanja';
const label = (template: string, title: string) => template.replace('{{title}}', title);

test('a visitor without a session searches the documentation, previews a PDF and downloads a Word form', async ({
  page,
}) => {
  // No login page in between: the page enters as a guest by itself.
  await page.goto('/dokumentacioni');
  await expect(page.getByRole('heading', { level: 1, name: xk.public.documentation.title })).toBeVisible();
  await expect(page).toHaveURL(/\/dokumentacioni$/);
  await expect(
    page.getByRole('button', { name: xk.common.userMenu.label.replace('{{role}}', xk.common.roles.guest) }),
  ).toBeVisible();

  const list = page.getByRole('list', { name: documentation.listLabel });
  await expect(list.getByRole('img', { name: documentation.type.pdf })).toHaveCount(2);
  await expect(list.getByRole('img', { name: documentation.type.word })).toHaveCount(1);

  const search = page.getByRole('searchbox', { name: documentation.search.label });
  await search.fill('fotografimin');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: label(documentation.viewLabel, PHOTO_GUIDE) }).click();
  const preview = page.getByRole('dialog', { name: PHOTO_GUIDE });
  const frame = preview.locator('iframe');
  await expect(frame).toHaveAttribute('title', label(documentation.previewFrame, PHOTO_GUIDE));
  const pdf = await page.request.get((await frame.getAttribute('src'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);

  await search.fill('formulari');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('img', { name: documentation.type.word })).toBeVisible();
  // Word documents are downloaded, not previewed.
  await expect(list.getByRole('button', { name: label(documentation.viewLabel, WORD_FORM) })).toHaveCount(0);
  const [word] = await Promise.all([
    page.waitForEvent('download', (download) => download.suggestedFilename().endsWith('.docx')),
    list.getByRole('button', { name: label(documentation.downloadLabel, WORD_FORM) }).click(),
  ]);
  expect(word.suggestedFilename()).toBe('formulari-i-vleresimit-te-gjendjes.docx');
  const bytes = await readFile(await word.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes('word/document.xml')).toBe(true);
  await expect(page.getByRole('region', { name: xk.common.toast.region })).toContainText(documentation.downloaded);
});
