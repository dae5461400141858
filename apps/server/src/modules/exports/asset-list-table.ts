import { type DocumentTexts, fill } from './document-texts';
import type { AssetListRow } from './export-types';
import { type TableCell, type TableColumn, kosovoWallClock } from './table-rows';

/**
 * The review list's spreadsheet: what an administrator checks an asset by, one column each, with
 * headers in the request's language. Coordinates stay numbers and the date a date, as in the
 * dataset export (table-rows.ts).
 */
export function assetListColumns(texts: DocumentTexts): TableColumn[] {
  const c = texts.columns;
  return [
    { header: c.id, kind: 'text', width: 38 },
    { header: c.name, kind: 'text', width: 36 },
    { header: c.municipality, kind: 'text', width: 18 },
    { header: c.village, kind: 'text', width: 18 },
    { header: c.survey, kind: 'text', width: 28 },
    { header: c.dataset, kind: 'text', width: 20 },
    { header: c.status, kind: 'text', width: 12 },
    { header: c.date, kind: 'date', width: 18 },
    { header: c.collector, kind: 'text', width: 18 },
    { header: c.device, kind: 'text', width: 30 },
    { header: c.latitude, kind: 'number', width: 12 },
    { header: c.longitude, kind: 'number', width: 12 },
    { header: c.riskLevel, kind: 'text', width: 12 },
    { header: c.comments, kind: 'text', width: 40 },
    { header: c.adminNote, kind: 'text', width: 40 },
  ];
}

/** One asset as cells in the order of `assetListColumns`; the date is its date and time in Kosovo. */
export function assetListCells(row: AssetListRow, texts: DocumentTexts): TableCell[] {
  return [
    row.id,
    row.name,
    row.municipality,
    row.village,
    row.survey ?? fill(texts.surveyNumber, { id: row.surveyId }),
    row.dataset,
    texts.status[row.status],
    kosovoWallClock(row.date),
    row.collector,
    row.device,
    row.latitude,
    row.longitude,
    texts.risk[row.riskLevel],
    row.comments,
    row.adminNote,
  ];
}
