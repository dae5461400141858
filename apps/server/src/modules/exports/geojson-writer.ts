import type { DocumentTexts } from './document-texts';
import type { DataTerms, ExportColumn, ExportRow } from './export-types';
import { featureFields, positionOf } from './map-features';

/**
 * The dataset export as a GeoJSON FeatureCollection (RFC 7946), in chunks: the collection's opening
 * first, then one chunk per batch of features, then its close, so no more than one batch is held in
 * memory (as the CSV writer does). Each asset is a Feature with its id, a Point at [longitude,
 * latitude] or a null geometry when it has no coordinates (RFC 7946 §3.2), and its fields as
 * properties (see featureFields), null where it has no value. Coordinates are WGS 84, so no `crs`.
 * The collection names the licence its data is offered under (`licence`), the dataset's last update
 * (`lastUpdate`, an ISO 8601 time, or null) and how to cite it (`citation`): foreign members (§6.1),
 * which GIS tools carry along.
 */
export async function* geoJsonChunks(
  datasetName: string,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportRow[]>,
  texts: DocumentTexts,
  { licence, lastUpdate, citation }: DataTerms,
): AsyncGenerator<string> {
  const fields = featureFields(datasetName, columns, texts);
  const about = {
    licence: { name: licence.name, url: licence.url },
    lastUpdate: lastUpdate?.toISOString() ?? null,
    ...(citation && { citation }),
  };
  yield `{"type":"FeatureCollection",${JSON.stringify(about).slice(1, -1)},"features":[\n`;
  let separator = '';
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    let chunk = '';
    for (const row of batch) {
      // Without a prototype, so that an answer headed '__proto__' is a property like any other.
      const properties: Record<string, string | null> = Object.create(null);
      for (const field of fields) properties[field.name] = field.value(row);
      const position = positionOf(row);
      const geometry = position && { type: 'Point', coordinates: position };
      chunk += `${separator}${JSON.stringify({ type: 'Feature', id: row.id, geometry, properties })}`;
      separator = ',\n';
    }
    yield chunk;
  }
  yield '\n]}\n';
}
