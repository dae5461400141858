import type { DocumentTexts } from './document-texts';
import type { ExportColumn, ExportRow } from './export-types';
import { answerHeader } from './table-rows';

/**
 * One value a map feature carries (a GeoJSON property, a KML Data): a name that stays the same in
 * every language for the fixed ones and is the column's header for answers, the header a person
 * reads, and the text in the export's language (null when the asset has none).
 */
export type FeatureField = { name: string; label: string; value: (row: ExportRow) => string | null };

/**
 * What every feature of a dataset's map export says about its asset: the fixed fields, then one per
 * question, named as the CSV's columns are ('1.2 Materiali'). Two questions of different surveys
 * may share a number and title, which a CSV allows but one JSON object cannot: a name already
 * taken gets ' (2)', ' (3)', … so that no answer overwrites another.
 */
export function featureFields(
  datasetName: string,
  columns: readonly ExportColumn[],
  texts: DocumentTexts,
): FeatureField[] {
  const c = texts.columns;
  const fixed: FeatureField[] = [
    { name: 'name', label: c.name, value: (row) => row.name },
    { name: 'municipality', label: c.municipality, value: (row) => row.municipality },
    { name: 'village', label: c.village, value: (row) => row.village },
    // An instant with its offset (ISO 8601), which map programs read as a date and time.
    { name: 'date', label: c.date, value: (row) => row.date },
    { name: 'status', label: c.status, value: (row) => texts.status[row.status] },
    { name: 'riskLevel', label: c.riskLevel, value: (row) => texts.risk[row.riskLevel] },
    { name: 'dataset', label: c.dataset, value: () => datasetName },
  ];
  const taken = new Set(fixed.map((field) => field.name));
  const answers = columns.map((column): FeatureField => {
    const header = answerHeader(column);
    let name = header;
    for (let copy = 2; taken.has(name); copy++) name = `${header} (${copy})`;
    taken.add(name);
    return { name, label: name, value: (row) => row.answers[column.questionId] ?? null };
  });
  return [...fixed, ...answers];
}

/**
 * Where the asset stands as [longitude, latitude] (WGS 84, the order of GeoJSON and KML), or null
 * when it has no coordinates or they are not a place on Earth.
 */
export function positionOf(row: ExportRow): [longitude: number, latitude: number] | null {
  const { latitude, longitude } = row;
  if (latitude === null || longitude === null) return null;
  // Written so that NaN fails too.
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  return [longitude, latitude];
}
