import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { escape, xk } from './texts';

const download = xk.public.dataset.download;

/** The formats of the dataset page's download dialog, by the start of their labels. */
export const DATASET_FORMAT = {
  xlsx: new RegExp(`^${escape(download.xlsx)}`),
  geojson: new RegExp(`^${escape(download.geojson)}`),
  pdf: /^PDF/,
} as const;

/** On a dataset's page: opens the download dialog, picks `format` and returns the file the browser saves. */
export async function downloadDatasetAs(page: Page, format: keyof typeof DATASET_FORMAT): Promise<Download> {
  await page.getByRole('button', { name: download.button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: DATASET_FORMAT[format] }).check();
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: download.submit }).click(),
  ]);
  return saved;
}

/** What a download saved, byte for byte. */
export const bytesOf = async (saved: Download) => readFile(await saved.path());
