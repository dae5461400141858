import { buffer } from 'node:stream/consumers';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { drawDemoPhoto } from '../../db/seed/demo-images';
import { createRandom } from '../../db/seed/random';
import { answersOf, documentFromDetail, documentFromExportRow, formatCoordinates } from './asset-document';
import { createPdfDocument, finishPdf, renderAssetPdf, renderAssetSection, renderExportCover } from './asset-pdf';
import { assetDetail, TERMS } from './testing/document-fixtures';
import { documentTexts } from './document-texts';

/** Where the PDF says the asset's page is. */
const PAGE_URL = 'https://trashegimia.example/assets/0b6f5c1e-6f0a-4c39-9d55-3f2a8a1b7c10';

const context = (language: 'xk' | 'en' | 'sr' = 'xk') => ({
  language,
  texts: documentTexts(language),
  generatedAt: new Date('2025-01-15T09:30:00Z'),
  terms: TERMS,
});

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(proxy, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

describe('answersOf', () => {
  it('groups a multiple-choice question into one item with a line per option and appends value2', () => {
    expect(answersOf(assetDetail(), 'xk')).toEqual([
      { questionNr: '1.1', title: 'Emri i asetit', values: ['Kulla e Jasharëve'] },
      { questionNr: '1.2', title: 'Materiali ndërtimor', values: ['Gur i latuar', 'Dru'] },
      { questionNr: '2.1', title: 'Gjendja', values: ['Tjetër — çati e rrënuar'] },
    ]);
  });

  it('falls back to the Albanian title and option text when the language has none', () => {
    const detail = assetDetail();
    detail.answers = [{ ...detail.answers[1]!, titleEn: null, optionDescriptionEn: null }];
    expect(answersOf(detail, 'en')).toEqual([
      { questionNr: '1.2', title: 'Materiali ndërtimor', values: ['Gur i latuar'] },
    ]);
  });
});

describe('formatCoordinates', () => {
  it('writes hemispheres and five decimals, or nothing without both values', () => {
    expect(formatCoordinates(42.7661, 20.7853)).toBe('42.76610° N, 20.78530° E');
    expect(formatCoordinates(-1.5, -2)).toBe('1.50000° S, 2.00000° W');
    expect(formatCoordinates(null, 20)).toBeNull();
  });
});

describe('renderAssetPdf', () => {
  it('produces a valid PDF whose text keeps Albanian and Serbian letters', async () => {
    const detail = assetDetail();
    detail.answers.push({
      ...detail.answers[0]!,
      questionId: 9,
      questionNr: '3.1',
      title: 'Emri në serbisht',
      value: 'Manastir Visoki Dečani — Манастир Високи Дечани',
    });
    const photo = drawDemoPhoto('monuments', createRandom(7));
    const pdf = await buffer(renderAssetPdf(documentFromDetail(detail, '#8B4513', 'xk'), photo, context(), PAGE_URL));

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    // The embedded font, never a standard one that cannot print ë or č.
    expect(pdf.toString('latin1')).toContain('DejaVuSans');
    expect(pdf.toString('latin1')).not.toContain('/Helvetica');

    const { text } = await textOf(pdf);
    expect(text).toContain('Kulla e Jasharëve');
    expect(text).toContain('Manastir Visoki Dečani');
    expect(text).toContain('Манастир Високи Дечани');
    expect(text).toContain('Gur i latuar');
    expect(text).toContain('Tjetër — çati e rrënuar');
    expect(text).toContain('Skënderaj');
    expect(text).toContain('Aprovuar');
    expect(text).toContain('3 maj 2024');
    expect(text).toContain('42.76610° N, 20.78530° E');
    expect(text).toMatch(/Faqja 1 nga \d/);
    // How to cite it, with its page's address (which may wrap after a slash) and the day it was made.
    expect(text.replaceAll('/ ', '/')).toContain(
      `Kulla e Jasharëve. Në: Monumente. Trashëgimia. ${PAGE_URL} (qasur më 15 janar 2025).`,
    );
    expect(text).toContain('Dataset-i u përditësua së fundi më 10 janar 2025');
    expect(text).toContain('Licenca: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)');
  });

  it('labels the document in the request language', async () => {
    const pdf = await buffer(
      renderAssetPdf(documentFromDetail(assetDetail(), null, 'sr'), null, context('sr'), PAGE_URL),
    );
    const { text } = await textOf(pdf);
    expect(text).toContain('Opština');
    expect(text).toContain('Odgovori');
    expect(text).toContain('Strana 1 od 1');
    expect(text).toContain('3. maj 2024.');
  });

  it('names an unnamed asset and skips a photo it cannot read', async () => {
    const doc = documentFromDetail(assetDetail({ name: null, answers: [] }), 'not-a-colour', 'xk');
    const pdf = await buffer(renderAssetPdf(doc, Buffer.from('not an image'), context('en'), PAGE_URL));
    const { text } = await textOf(pdf);
    expect(text).toContain('Unnamed');
    expect(text).toContain('No answers were recorded');
  });

  it('numbers every page of a long document', async () => {
    const detail = assetDetail();
    detail.answers = Array.from({ length: 120 }, (_, index) => ({
      ...detail.answers[0]!,
      questionId: index + 1,
      questionNr: `${Math.floor(index / 10) + 1}.${(index % 10) + 1}`,
      value: `Përgjigja ${index + 1}`,
    }));
    const pdf = await buffer(renderAssetPdf(documentFromDetail(detail, null, 'en'), null, context('en'), PAGE_URL));
    const { text, pages } = await textOf(pdf);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Përgjigja 120');
  });
});

describe('a whole-dataset PDF', () => {
  it('has a cover and one section per asset, numbered page by page as it streams', async () => {
    const citation = 'Monumente. Trashëgimia. https://trashegimia.example/data/1 (accessed 15 January 2025).';
    const ctx = { ...context('en'), terms: { ...TERMS, citation } };
    const doc = createPdfDocument('Monumente', ctx, 'running');
    renderExportCover(doc, { datasetName: 'Monumente', datasetColor: '#8B4513', total: 2, filtered: true }, ctx);
    const columns = [{ questionId: 5, questionNr: '1.3', title: 'Period' }];
    for (const name of ['Kulla e Jasharëve', 'Manastir Visoki Dečani']) {
      doc.addPage();
      const row = {
        id: crypto.randomUUID(),
        name,
        municipality: 'Deçan',
        village: null,
        date: '2024-05-03T10:00:00.000Z',
        status: 'APPROVED' as const,
        latitude: null,
        longitude: null,
        riskLevel: 'low' as const,
        answers: { 5: 'Mesjeta' },
      };
      renderAssetSection(doc, documentFromExportRow(row, columns, { name: 'Monumente', color: '#8B4513' }), ctx);
    }
    finishPdf(doc, ctx);
    const { text, pages } = await textOf(await buffer(doc));
    expect(pages).toBe(3);
    expect(text).toContain('DATASET EXPORT');
    expect(text).toContain('Dataset last updated on 10 January 2025');
    expect(text.replaceAll('/ ', '/')).toContain(`How to cite: ${citation}`);
    expect(text).toContain('Assets: 2');
    expect(text).toContain('Licence: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)');
    expect(text).toContain('Kulla e Jasharëve');
    expect(text).toContain('Manastir Visoki Dečani');
    expect(text).toContain('1.3 Period');
    expect(text).toContain('Mesjeta');
    expect(text).toContain('Page 3');
    expect(text).not.toContain('Page 3 of');
  });
});
