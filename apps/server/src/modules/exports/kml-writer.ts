import type { DocumentTexts } from './document-texts';
import type { ExportColumn, ExportRow } from './export-types';
import { type FeatureField, featureFields, positionOf } from './map-features';
import { xmlAttribute, xmlText } from './xml-text';

/**
 * The dataset export as KML 2.2, in chunks as the CSV writer makes them (one per batch): a Document
 * named after the dataset, described by `description` (its last update and licence), with a Placemark per asset, holding its name, its fields as ExtendedData
 * (the GeoJSON export's properties, and its id) and a Point at `longitude,latitude`. An asset
 * without coordinates is a Placemark without a Point, which KML allows, so no asset is left out.
 * Every text is escaped, and characters XML cannot hold are dropped.
 */
export async function* kmlChunks(
  datasetName: string,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportRow[]>,
  texts: DocumentTexts,
  description: string,
): AsyncGenerator<string> {
  const idField: FeatureField = { name: 'id', label: texts.columns.id, value: (row) => row.id };
  const fields = [idField, ...featureFields(datasetName, columns, texts)];
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document>\n' +
    `<name>${xmlText(datasetName)}</name>\n` +
    `<description>${xmlText(description)}</description>\n`
  );
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    let chunk = '';
    for (const row of batch) chunk += placemark(row, fields);
    yield chunk;
  }
  yield '</Document>\n</kml>\n';
}

/** KML's order within a Placemark: name, then ExtendedData, then the geometry. */
function placemark(row: ExportRow, fields: readonly FeatureField[]): string {
  let xml = '<Placemark>';
  if (row.name !== null) xml += `<name>${xmlText(row.name)}</name>`;
  xml += '<ExtendedData>';
  for (const field of fields) {
    const value = field.value(row);
    if (value === null) continue;
    const label = field.label === field.name ? '' : `<displayName>${xmlText(field.label)}</displayName>`;
    xml += `<Data name="${xmlAttribute(field.name)}">${label}<value>${xmlText(value)}</value></Data>`;
  }
  xml += '</ExtendedData>';
  const position = positionOf(row);
  if (position) xml += `<Point><coordinates>${position[0]},${position[1]}</coordinates></Point>`;
  return `${xml}</Placemark>\n`;
}
