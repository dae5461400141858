import { SaxesParser, type SaxesTagNS } from 'saxes';
import { describe, expect, it } from 'vitest';
import { documentTexts } from './document-texts';
import type { ExportColumn, ExportRow } from './export-types';
import { geoJsonChunks } from './geojson-writer';
import { kmlChunks } from './kml-writer';
import { LICENCE, TERMS } from './testing/document-fixtures';

const texts = documentTexts('en');

const columns: ExportColumn[] = [
  { questionId: 7, questionNr: '1.2', title: 'Materiali' },
  { questionId: 9, questionNr: '2.1', title: 'Shënime' },
  // Another survey's question of the same number and title: a name of its own.
  { questionId: 11, questionNr: '1.2', title: 'Materiali' },
  { questionId: 12, questionNr: '', title: '__proto__' },
];

const row = (overrides: Partial<ExportRow> = {}): ExportRow => ({
  id: '0b6f5c1e-6f0a-4c39-9d55-3f2a8a1b7c10',
  name: 'Kulla e Jasharëve',
  municipality: 'Skënderaj',
  village: 'Prekaz',
  date: '2024-05-03T10:00:00.000Z',
  status: 'APPROVED',
  latitude: 42.7661,
  longitude: 20.7853,
  riskLevel: 'high',
  answers: { 7: 'Gur & dru', 9: 'Thënë "mirë" <b>\nrresht i dytë\u0007', 11: 'Qerpiç', 12: 'e fshehtë' },
  ...overrides,
});

const kulla = row();
const nowhere = row({ id: 'a2c1c6f4-3b1e-4c55-8f3e-2d4b9f0e6a11', name: null, latitude: null, longitude: 20.1 });
const offTheMap = row({ id: 'c3d2e1f0-1111-4222-8333-944455556666', name: 'Jashtë', latitude: 95, longitude: 20 });

async function* batchesOf(...batches: ExportRow[][]) {
  for (const batch of batches) yield batch;
}

async function collect(chunks: AsyncIterable<string>) {
  const parts: string[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parts;
}

type GeoJson = {
  type: string;
  crs?: unknown;
  features: {
    type: string;
    id: string;
    geometry: { type: string; coordinates: number[] } | null;
    properties: Record<string, string | null>;
  }[];
};

describe('geoJsonChunks', () => {
  it('writes an RFC 7946 FeatureCollection: Points at [longitude, latitude], null geometry without coordinates', async () => {
    const parts = await collect(
      geoJsonChunks('Monumente', columns, batchesOf([kulla, nowhere], [], [offTheMap]), texts, TERMS),
    );
    // The opening, one chunk per non-empty batch, the close: no more than a batch is held.
    expect(parts).toHaveLength(4);
    const document = JSON.parse(parts.join('')) as GeoJson;
    expect(document.type).toBe('FeatureCollection');
    expect(document).not.toHaveProperty('crs');
    // The licence its data is offered under and the dataset's last update, as foreign members beside the features.
    expect(document).toMatchObject({ licence: LICENCE, lastUpdate: '2025-01-10T12:00:00.000Z' });
    expect(document.features.map((feature) => feature.id)).toEqual([kulla.id, nowhere.id, offTheMap.id]);
    for (const feature of document.features) {
      expect(feature.type).toBe('Feature');
      expect(Object.keys(feature).sort()).toEqual(['geometry', 'id', 'properties', 'type']);
    }
    const [first, second, third] = document.features;
    expect(first!.geometry).toEqual({ type: 'Point', coordinates: [20.7853, 42.7661] });
    expect(second!.geometry).toBeNull();
    expect(third!.geometry).toBeNull();
  });

  it('holds the fixed fields and every answer as properties, in the texts of the language', async () => {
    const [feature] = (
      JSON.parse(
        (await collect(geoJsonChunks('Monumente', columns, batchesOf([kulla]), texts, TERMS))).join(''),
      ) as GeoJson
    ).features;
    expect(feature!.properties).toEqual({
      name: 'Kulla e Jasharëve',
      municipality: 'Skënderaj',
      village: 'Prekaz',
      date: '2024-05-03T10:00:00.000Z',
      status: 'Approved',
      riskLevel: 'High',
      dataset: 'Monumente',
      '1.2 Materiali': 'Gur & dru',
      '2.1 Shënime': 'Thënë "mirë" <b>\nrresht i dytë\u0007',
      '1.2 Materiali (2)': 'Qerpiç',
      // Computed, or the literal would set the prototype instead.
      ['__proto__']: 'e fshehtë',
    });

    const [unanswered] = (
      JSON.parse(
        (await collect(geoJsonChunks('Monumente', columns, batchesOf([row({ answers: {} })]), texts, TERMS))).join(''),
      ) as GeoJson
    ).features;
    expect(unanswered!.properties['2.1 Shënime']).toBeNull();
  });

  it('writes an empty collection for no assets', async () => {
    const document = JSON.parse(
      (await collect(geoJsonChunks('Monumente', columns, batchesOf(), texts, TERMS))).join(''),
    );
    expect(document).toEqual({
      type: 'FeatureCollection',
      licence: LICENCE,
      lastUpdate: '2025-01-10T12:00:00.000Z',
      features: [],
    });
  });
});

type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

/** A strict, namespace-aware parse: it throws on anything that is not well-formed XML. */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlElement = { name: '', attributes: {}, children: [], text: '' };
  const open = [root];
  parser.on('opentag', (tag: SaxesTagNS) => {
    const element: XmlElement = {
      name: `{${tag.uri}}${tag.local}`,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((attribute) => [attribute.name, attribute.value]),
      ),
      children: [],
      text: '',
    };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('text', (text) => (open.at(-1)!.text += text));
  parser.on('closetag', () => open.pop());
  parser.write(xml).close();
  return root.children[0]!;
}

const KML = '{http://www.opengis.net/kml/2.2}';
const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((child) => child.name === `${KML}${name}`);
const child = (element: XmlElement, name: string) => childrenNamed(element, name)[0];

describe('kmlChunks', () => {
  const DESCRIPTION = 'Dataset last updated on 10 January 2025. Licence: CC BY 4.0 (https://…)';

  it('writes well-formed KML 2.2: a Document with a Placemark per asset, escaped, with its Point as lon,lat', async () => {
    const parts = await collect(
      kmlChunks('Monumente & Kalatë', columns, batchesOf([kulla, nowhere], [offTheMap]), texts, DESCRIPTION),
    );
    expect(parts).toHaveLength(4);
    const xml = parts.join('');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const kml = parseXml(xml);
    expect(kml.name).toBe(`${KML}kml`);
    const document = child(kml, 'Document')!;
    expect(child(document, 'name')!.text).toBe('Monumente & Kalatë');
    expect(child(document, 'description')!.text).toBe(DESCRIPTION);

    const placemarks = childrenNamed(document, 'Placemark');
    expect(placemarks).toHaveLength(3);
    const [first, second, third] = placemarks;
    // KML's order within a Placemark.
    expect(first!.children.map((element) => element.name)).toEqual(
      ['name', 'ExtendedData', 'Point'].map((name) => `${KML}${name}`),
    );
    expect(child(first!, 'name')!.text).toBe('Kulla e Jasharëve');
    expect(child(child(first!, 'Point')!, 'coordinates')!.text).toBe('20.7853,42.7661');
    // Without a name or a place it is still there, without them.
    expect(second!.children.map((element) => element.name)).toEqual([`${KML}ExtendedData`]);
    expect(child(third!, 'Point')).toBeUndefined();
  });

  it('holds the id, the fixed fields and every answer as ExtendedData, in the texts of the language', async () => {
    const kml = parseXml(
      (await collect(kmlChunks('Monumente', columns, batchesOf([kulla]), texts, DESCRIPTION))).join(''),
    );
    const placemark = child(child(kml, 'Document')!, 'Placemark')!;
    const data = childrenNamed(child(placemark, 'ExtendedData')!, 'Data').map((element) => ({
      name: element.attributes.name,
      displayName: child(element, 'displayName')?.text,
      value: child(element, 'value')!.text,
    }));
    expect(data).toEqual([
      { name: 'id', displayName: 'ID', value: kulla.id },
      { name: 'name', displayName: 'Name', value: 'Kulla e Jasharëve' },
      { name: 'municipality', displayName: 'Municipality', value: 'Skënderaj' },
      { name: 'village', displayName: 'Village', value: 'Prekaz' },
      { name: 'date', displayName: 'Date', value: '2024-05-03T10:00:00.000Z' },
      { name: 'status', displayName: 'Status', value: 'Approved' },
      { name: 'riskLevel', displayName: 'Risk level', value: 'High' },
      { name: 'dataset', displayName: 'Dataset', value: 'Monumente' },
      { name: '1.2 Materiali', displayName: undefined, value: 'Gur & dru' },
      // The BEL character XML cannot hold is dropped; the rest reads back as written.
      { name: '2.1 Shënime', displayName: undefined, value: 'Thënë "mirë" <b>\nrresht i dytë' },
      { name: '1.2 Materiali (2)', displayName: undefined, value: 'Qerpiç' },
      { name: '__proto__', displayName: undefined, value: 'e fshehtë' },
    ]);
  });

  it('escapes quotes in the names of Data', async () => {
    const quoted: ExportColumn[] = [{ questionId: 7, questionNr: '3', title: 'A "quoted" <title> & more' }];
    const kml = parseXml((await collect(kmlChunks('M', quoted, batchesOf([kulla]), texts, DESCRIPTION))).join(''));
    const data = childrenNamed(child(child(child(kml, 'Document')!, 'Placemark')!, 'ExtendedData')!, 'Data');
    expect(data.at(-1)!.attributes.name).toBe('3 A "quoted" <title> & more');
  });
});
