import PDFDocument from 'pdfkit';
import type { AssetStatus, RiskLevel } from '@trashegimia/contract/assets';
import type { Language } from '@trashegimia/contract/common';
import { type AssetDocument, type DocumentAnswer, formatCoordinates } from './asset-document';
import {
  dataTermsLines,
  type DocumentTexts,
  fill,
  formatCount,
  formatDateTime,
  formatLongDate,
} from './document-texts';
import type { DataTerms } from './export-types';
import { FONTS } from './fonts';

/** What every page of one document shares, and the terms of its data (its dataset's last update and licence). */
export type PdfContext = { language: Language; texts: DocumentTexts; generatedAt: Date; terms: DataTerms };

type Doc = PDFKit.PDFDocument;

const MARGIN = { top: 48, bottom: 64, left: 50, right: 50 } as const;
const FOOTER_OFFSET = 40;
const PHOTO_MAX_HEIGHT = 320;

const COLOR = {
  ink: '#1f2328',
  muted: '#6b7280',
  rule: '#d6d3d1',
  zebra: '#f6f3ef',
  brand: '#7a4a24',
} as const;

/** The brown the web uses for datasets without a colour. */
const DEFAULT_DATASET_COLOR = '#8B4513';

const STATUS_COLOR: Record<AssetStatus, string> = {
  APPROVED: '#2e7d32',
  UPLOADED: '#b26a00',
  REJECTED: '#c62828',
  PASSIVE: '#6b7280',
};

const RISK_COLOR: Record<RiskLevel, string> = { high: '#c62828', medium: '#e67e22', low: '#2e7d32' };

const HTML_LANG: Record<Language, string> = { xk: 'sq', en: 'en', sr: 'sr-Latn' };

/**
 * An A4 document set in the embedded font (never a standard PDF font). `paging: 'total'` keeps every
 * page until `finishPdf` so each can say 'page x of y' (one asset: a few pages); `'running'` writes
 * 'page x' as each page starts and lets finished pages go, so a long document streams out in
 * constant memory (a whole dataset).
 */
export function createPdfDocument(title: string, context: PdfContext, paging: 'total' | 'running' = 'total'): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: paging === 'total',
    autoFirstPage: paging === 'total',
    font: FONTS.regular,
    lang: HTML_LANG[context.language],
    displayTitle: true,
    info: { Title: title, Creator: context.texts.platform, Producer: context.texts.platform },
  });
  if (paging === 'running') {
    let page = 0;
    doc.on('pageAdded', () => {
      page += 1;
      keepingTextState(doc, () => writeFooter(doc, context, fill(context.texts.pageNumber, { page })));
    });
    doc.addPage();
  }
  return doc;
}

/**
 * One asset's PDF, ended: pipe it or read it. It ends as the asset's page does: how to cite it, with
 * the page's address (`pageUrl`) and the day it was made, its dataset's last update and the licence
 * of its data.
 */
export function renderAssetPdf(asset: AssetDocument, photo: Buffer | null, context: PdfContext, pageUrl: string): Doc {
  const { texts, language } = context;
  const doc = createPdfDocument(assetTitle(asset, texts), context);
  renderAssetSection(doc, asset, context, photo);
  doc.moveDown(1.2);
  renderHeading(doc, texts.citation.title);
  const citation = fill(texts.citation.text, {
    asset: assetTitle(asset, texts),
    dataset: asset.datasetName,
    site: texts.platform,
    url: pageUrl,
    accessed: formatLongDate(context.generatedAt, language),
  });
  doc
    .font(FONTS.regular)
    .fontSize(10)
    .fillColor(COLOR.ink)
    .text(citation, MARGIN.left, doc.y, {
      width: contentWidth(doc),
    });
  doc.moveDown(0.5);
  renderDataTerms(doc, context);
  finishPdf(doc, context);
  return doc;
}

export const assetTitle = (asset: Pick<AssetDocument, 'name'>, texts: DocumentTexts) => asset.name ?? texts.unnamed;

/**
 * One asset from the current position: header, title, facts, photo, answers. A whole-dataset PDF
 * calls it once per asset, each on a new page.
 */
export function renderAssetSection(doc: Doc, asset: AssetDocument, context: PdfContext, photo: Buffer | null = null) {
  const { texts, language } = context;
  renderHeader(doc, asset.datasetName, asset.datasetColor, texts);

  doc
    .font(FONTS.bold)
    .fontSize(20)
    .fillColor(asset.name ? COLOR.ink : COLOR.muted)
    .text(assetTitle(asset, texts), { width: contentWidth(doc) });
  doc.moveDown(0.15);
  doc.font(FONTS.regular).fontSize(7.5).fillColor(COLOR.muted).text(`${texts.fields.id}: ${asset.id}`);
  doc.moveDown(0.9);

  renderFacts(doc, [
    { label: texts.fields.dataset, value: asset.datasetName },
    { label: texts.fields.status, value: texts.status[asset.status], color: STATUS_COLOR[asset.status] },
    { label: texts.fields.date, value: formatLongDate(asset.date, language) },
    { label: texts.fields.municipality, value: asset.municipality ?? '—' },
    { label: texts.fields.village, value: asset.village ?? '—' },
    { label: texts.fields.coordinates, value: formatCoordinates(asset.latitude, asset.longitude) ?? '—' },
    { label: texts.fields.riskLevel, value: texts.risk[asset.riskLevel], color: RISK_COLOR[asset.riskLevel] },
  ]);

  if (photo) renderPhoto(doc, photo);

  doc.moveDown(1.2);
  renderHeading(doc, texts.sections.answers);
  if (asset.answers.length === 0) {
    doc.font(FONTS.regular).fontSize(10).fillColor(COLOR.muted).text(texts.sections.noAnswers);
  } else {
    renderAnswers(doc, asset.answers);
  }
}

/** The first page of a whole-dataset PDF. */
export function renderExportCover(
  doc: Doc,
  cover: { datasetName: string; datasetColor: string | null; total: number; filtered: boolean },
  context: PdfContext,
) {
  const { texts, language } = context;
  renderHeader(doc, cover.datasetName, cover.datasetColor, texts);
  doc.moveDown(6);
  doc.font(FONTS.regular).fontSize(13).fillColor(COLOR.muted).text(texts.export.title.toUpperCase());
  doc.moveDown(0.3);
  doc.font(FONTS.bold).fontSize(30).fillColor(datasetColor(cover.datasetColor)).text(cover.datasetName);
  doc.moveDown(0.8);
  doc
    .font(FONTS.regular)
    .fontSize(12)
    .fillColor(COLOR.ink)
    .text(fill(texts.export.assetCount, { count: formatCount(cover.total, language) }));
  doc.moveDown(0.3);
  doc.fillColor(COLOR.muted).text(cover.filtered ? texts.export.filtered : texts.export.whole);
  doc.moveDown(0.3);
  doc.text(fill(texts.generatedOn, { date: formatDateTime(context.generatedAt, language) }));
  doc.moveDown(0.3);
  renderDataTerms(doc, context);
  if (cover.total === 0) {
    doc.moveDown(1.5);
    doc.fillColor(COLOR.ink).text(texts.export.empty);
  }
}

/** The dataset's last update and the licence its data is offered under, a line each. */
function renderDataTerms(doc: Doc, { terms, language }: PdfContext) {
  doc.font(FONTS.regular).fontSize(10).fillColor(COLOR.muted);
  for (const line of dataTermsLines(terms, language)) {
    doc.text(line, MARGIN.left, doc.y, { width: contentWidth(doc) });
  }
}

/** Ends the document; one kept whole ('total' paging) first gets 'page x of y' on every page. */
export function finishPdf(doc: Doc, context: PdfContext) {
  const range = doc.bufferedPageRange();
  if (doc.options.bufferPages) {
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      const page = index - range.start + 1;
      writeFooter(doc, context, fill(context.texts.page, { page, pages: range.count }));
    }
  }
  doc.end();
}

/** 'Trashëgimia · generated on …' on the left and the page number on the right, under a hairline. */
function writeFooter(doc: Doc, context: PdfContext, pageText: string) {
  const { texts, language } = context;
  const generated = `${texts.platform} · ${fill(texts.generatedOn, { date: formatDateTime(context.generatedAt, language) })}`;
  // Writing inside the bottom margin would otherwise start a new page.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = doc.page.height - FOOTER_OFFSET;
  const width = contentWidth(doc);
  doc
    .moveTo(MARGIN.left, y - 8)
    .lineTo(MARGIN.left + width, y - 8)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.font(FONTS.regular).fontSize(7.5).fillColor(COLOR.muted);
  doc.text(generated, MARGIN.left, y, { width: width * 0.75, lineBreak: false });
  doc.text(pageText, MARGIN.left, y, { width, align: 'right', lineBreak: false });
  doc.page.margins.bottom = bottom;
}

/** PDFKit's current text settings, which it keeps as private fields. */
type TextState = { _font: unknown; _fontSize: number; _fontFamily: unknown; _fontSource: unknown; _fillColor: unknown };

/**
 * Runs `draw` and puts the position, font and colour back: a page can start in the middle of a
 * paragraph, and PDFKit goes on writing it with whatever is current afterwards (it re-applies the
 * remembered fill colour on the new page itself).
 */
function keepingTextState(doc: Doc, draw: () => void) {
  const state = doc as unknown as TextState;
  const saved: TextState = {
    _font: state._font,
    _fontSize: state._fontSize,
    _fontFamily: state._fontFamily,
    _fontSource: state._fontSource,
    _fillColor: state._fillColor,
  };
  const { x, y } = doc;
  doc.save();
  draw();
  doc.restore();
  Object.assign(state, saved);
  doc.x = x;
  doc.y = y;
}

function renderHeader(doc: Doc, datasetName: string, color: string | null, texts: DocumentTexts) {
  const top = doc.y;
  const width = contentWidth(doc);
  const fill = datasetColor(color);

  doc.font(FONTS.bold).fontSize(11).fillColor(COLOR.brand).text(texts.platform, MARGIN.left, top, {
    continued: true,
    lineBreak: false,
  });
  doc.font(FONTS.regular).fontSize(8.5).fillColor(COLOR.muted).text(`   ${texts.platformTagline}`, {
    lineBreak: false,
  });

  // The dataset as a pill in its own colour, on the right.
  doc.font(FONTS.bold).fontSize(8.5);
  const label = truncateToWidth(doc, datasetName, width * 0.45);
  const pillWidth = doc.widthOfString(label) + 18;
  const pillHeight = 17;
  const pillX = MARGIN.left + width - pillWidth;
  const pillY = top - 3;
  doc.roundedRect(pillX, pillY, pillWidth, pillHeight, pillHeight / 2).fill(fill);
  doc
    .fillColor(isLight(fill) ? COLOR.ink : '#ffffff')
    .text(label, pillX, pillY + 4.5, { width: pillWidth, align: 'center', lineBreak: false });

  const ruleY = top + 22;
  doc
    .moveTo(MARGIN.left, ruleY)
    .lineTo(MARGIN.left + width, ruleY)
    .lineWidth(1.5)
    .strokeColor(fill)
    .stroke();
  doc.x = MARGIN.left;
  doc.y = ruleY + 16;
}

type Fact = { label: string; value: string; color?: string };

function renderFacts(doc: Doc, facts: Fact[]) {
  const width = contentWidth(doc);
  const labelWidth = 150;
  const padding = 5;
  const valueWidth = width - labelWidth - padding * 3;
  doc.fontSize(10);

  facts.forEach((fact, index) => {
    doc.font(FONTS.bold);
    const labelHeight = doc.heightOfString(fact.label, { width: labelWidth });
    doc.font(FONTS.regular);
    const valueHeight = doc.heightOfString(fact.value, { width: valueWidth });
    const rowHeight = Math.max(labelHeight, valueHeight) + padding * 2;
    ensureSpace(doc, rowHeight);
    const y = doc.y;
    if (index % 2 === 0) doc.rect(MARGIN.left, y, width, rowHeight).fill(COLOR.zebra);
    doc
      .font(FONTS.bold)
      .fillColor(COLOR.muted)
      .text(fact.label, MARGIN.left + padding, y + padding, { width: labelWidth });
    doc
      .font(FONTS.regular)
      .fillColor(fact.color ?? COLOR.ink)
      .text(fact.value, MARGIN.left + labelWidth + padding * 2, y + padding, { width: valueWidth });
    doc.x = MARGIN.left;
    doc.y = y + rowHeight;
  });
}

/** PDFKit's own image loader, which its type definitions leave out. */
type OpenedImage = { width: number; height: number };
type ImageOpener = { openImage(source: Buffer): OpenedImage };

/** The photo across the text width, keeping its proportions, no taller than PHOTO_MAX_HEIGHT. */
function renderPhoto(doc: Doc, photo: Buffer) {
  let image: OpenedImage;
  try {
    image = (doc as Doc & ImageOpener).openImage(photo);
  } catch {
    // PDFKit reads JPEG and PNG; any other format is left out rather than failing the document.
    return;
  }
  const maxWidth = contentWidth(doc);
  let width = maxWidth;
  let height = (image.height / image.width) * width;
  if (height > PHOTO_MAX_HEIGHT) {
    height = PHOTO_MAX_HEIGHT;
    width = (image.width / image.height) * height;
  }
  doc.moveDown(1);
  ensureSpace(doc, height);
  const x = MARGIN.left + (maxWidth - width) / 2;
  const y = doc.y;
  // PDFKit takes the image it opened as well as bytes; its type definitions only know the bytes.
  doc.image(image as unknown as Buffer, x, y, { width, height });
  doc.x = MARGIN.left;
  doc.y = y + height;
}

function renderHeading(doc: Doc, text: string) {
  ensureSpace(doc, 60);
  doc.font(FONTS.bold).fontSize(13).fillColor(COLOR.ink).text(text, MARGIN.left);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + contentWidth(doc), y)
    .lineWidth(0.75)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.y = y + 8;
}

/** Question number and title, then the answer below, indented; a hairline between chapters. */
function renderAnswers(doc: Doc, answers: DocumentAnswer[]) {
  const width = contentWidth(doc);
  const indent = 14;
  let chapter: string | undefined;

  for (const answer of answers) {
    const answerChapter = answer.questionNr.split('.')[0];
    if (chapter !== undefined && answerChapter !== chapter) {
      doc.moveDown(0.3);
      const y = doc.y;
      doc
        .moveTo(MARGIN.left, y)
        .lineTo(MARGIN.left + width, y)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
      doc.y = y + 8;
    }
    chapter = answerChapter;

    const question = `${answer.questionNr}  ${answer.title}`.trim();
    const lines = answer.values.length > 1 ? answer.values.map((value) => `•  ${value}`) : answer.values;
    doc.font(FONTS.bold).fontSize(9);
    const questionHeight = doc.heightOfString(question, { width });
    doc.font(FONTS.regular).fontSize(10.5);
    const answerStart = Math.min(
      doc.heightOfString(lines[0] ?? '', { width: width - indent }),
      doc.currentLineHeight(true) * 2,
    );
    // Keep a question with the first lines of its answer; a long answer may then flow on.
    ensureSpace(doc, questionHeight + answerStart + 4);

    doc.font(FONTS.bold).fontSize(9).fillColor(COLOR.muted);
    if (answer.questionNr) {
      doc.text(`${answer.questionNr}  `, MARGIN.left, doc.y, { width, continued: true });
      doc.fillColor(COLOR.ink).text(answer.title);
    } else {
      doc.fillColor(COLOR.ink).text(answer.title, MARGIN.left, doc.y, { width });
    }
    doc.moveDown(0.15);
    doc.font(FONTS.regular).fontSize(10.5).fillColor(COLOR.ink);
    for (const line of lines) doc.text(line, MARGIN.left + indent, doc.y, { width: width - indent });
    doc.x = MARGIN.left;
    doc.moveDown(0.6);
  }
}

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    doc.x = MARGIN.left;
  }
}

const contentWidth = (doc: Doc) => doc.page.width - MARGIN.left - MARGIN.right;

function truncateToWidth(doc: Doc, text: string, maxWidth: number): string {
  if (doc.widthOfString(text) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function datasetColor(color: string | null): string {
  if (color && HEX_COLOR.test(color.trim())) return color.trim();
  return DEFAULT_DATASET_COLOR;
}

/** Whether dark text reads better than white on this colour (relative luminance). */
function isLight(hex: string): boolean {
  const full =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((c) => c + c)
          .join('')
      : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45;
}
