import type { DatasetKey } from './demo-datasets';
import type { QuestionKey } from './demo-survey';
import { HERITAGE_SITES, type HeritageSite } from './heritage-sites';
import { KOSOVO_MUNICIPALITIES, type Municipality } from './kosovo-municipalities';
import { createRandom, type Random } from './random';
import { riskLevelFromRisk } from '@trashegimia/contract/risk-levels';

/**
 * The demo's assets: the curated real places first, then generic documented items (towers, mills,
 * bridges …) in every municipality, so the map and the filters have something everywhere.
 * Answers follow the survey's rules: skipped questions stay unanswered, conditional options are
 * chosen only when their parent answer allows them, and the asset columns repeat the answers.
 */
export type DemoAnswer = { question: QuestionKey; value: string; value2?: string };

export type DemoAsset = {
  id: string;
  uniqueId: string;
  dataset: DatasetKey;
  name: string;
  municipality: string;
  village: string;
  assetType: string;
  usability: string;
  access: string;
  risk: '1' | '2' | '3';
  riskLevel: 'high' | 'medium' | 'low';
  date: Date;
  latitude: number;
  longitude: number;
  status: 'APPROVED' | 'UPLOADED' | 'REJECTED' | 'PASSIVE';
  comments: string | null;
  adminNote: string | null;
  viewCount: number;
  hasPhoto: boolean;
  answers: DemoAnswer[];
};

/** Kosovo's bounding box; every demo coordinate stays inside it. */
export const KOSOVO_BOUNDS = { latMin: 41.85, latMax: 43.27, lngMin: 20.01, lngMax: 21.8 } as const;

const DAY_MS = 86_400_000;

type Place = Omit<HeritageSite, 'year'> & { year?: number; curated: boolean };

type Template = { type: string; period: string; name: (m: Municipality, village: string, rng: Random) => string };

const SURNAMES = {
  albanian: [
    'Krasniqi',
    'Gashi',
    'Berisha',
    'Morina',
    'Hoxha',
    'Shala',
    'Bytyqi',
    'Kastrati',
    'Hasani',
    'Rexhepi',
    'Sylaj',
    'Kryeziu',
    'Dushi',
    'Osmani',
    'Haxhiu',
    'Zeka',
    'Limani',
    'Kelmendi',
    'Bajrami',
    'Hyseni',
    'Maloku',
    'Mehmeti',
    'Ahmeti',
    'Qerkezi',
  ],
  serb: [
    'Jovanović',
    'Petrović',
    'Nikolić',
    'Stojanović',
    'Marković',
    'Đorđević',
    'Ilić',
    'Stanković',
    'Popović',
    'Milić',
  ],
  turkish: ['Kabaş', 'Yıldız', 'Çelik', 'Bayraktar', 'Ören'],
};
const SAINTS = ['Shën Nikollës', 'Shën Gjergjit', 'Shën Dhimitrit', 'Shën Ilisë', 'Shën Premtes', 'Shën Marisë'];
const CRAFTS = ['qëndisjes', 'filigranit', 'punimit të drurit', 'qeramikës', 'plisave', 'tezgjahut'];
const OTTOMAN = 'Periudha osmane';

const surname = (m: Municipality, rng: Random) =>
  rng.pick(SURNAMES[m.community === undefined ? 'albanian' : m.community]);

/** Generic items by category; churches replace mosques where the community is Serbian. */
function templates(dataset: DatasetKey, m: Municipality): Template[] {
  const serb = m.community === 'serb';
  switch (dataset) {
    case 'monuments':
      return [
        { type: 'Kullë', period: OTTOMAN, name: (mm, v, r) => `Kulla e familjes ${surname(mm, r)}, ${v}` },
        {
          type: 'Shtëpi tradicionale',
          period: OTTOMAN,
          name: (mm, v, r) => `Shtëpia tradicionale e familjes ${surname(mm, r)}, ${v}`,
        },
        { type: 'Mulli', period: OTTOMAN, name: (mm, v, r) => `Mulliri i familjes ${surname(mm, r)}, ${v}` },
        { type: 'Urë', period: OTTOMAN, name: (_, v) => `Ura e vjetër e gurit, ${v}` },
        { type: 'Çezmë', period: OTTOMAN, name: (_, v) => `Çezma e vjetër, ${v}` },
        serb
          ? { type: 'Kishë', period: 'Mesjeta', name: (_, v, r) => `Kisha e ${r.pick(SAINTS)}, ${v}` }
          : { type: 'Xhami', period: OTTOMAN, name: (_, v) => `Xhamia e fshatit, ${v}` },
      ];
    case 'archaeology':
      return [
        { type: 'Vendbanim arkeologjik', period: 'Parahistoria', name: (_, v) => `Lokaliteti arkeologjik ${v}` },
        { type: 'Kala', period: 'Antikiteti', name: (_, v) => `Gradina – ${v}` },
        { type: 'Nekropol', period: 'Antikiteti', name: (_, v) => `Nekropoli antik, ${v}` },
      ];
    case 'events':
      return [
        { type: 'Manifestim tradicional', period: 'Bashkëkohore', name: (_, v) => `Festa e korrjeve, ${v}` },
        { type: 'Manifestim tradicional', period: 'Bashkëkohore', name: (_, v) => `Mbrëmja e këngës popullore, ${v}` },
        { type: 'Festival', period: 'Bashkëkohore', name: (mm) => `Festivali i folklorit, ${mm.xk}` },
      ];
    case 'landscapes':
      return [
        { type: 'Burim', period: 'Parahistoria', name: (_, v) => `Burimi i fshatit, ${v}` },
        { type: 'Mal', period: 'Parahistoria', name: (_, v) => `Kullotat malore mbi ${v}` },
        { type: 'Grykë', period: 'Parahistoria', name: (_, v) => `Gryka e lumit pranë ${v}` },
        { type: 'Shpellë', period: 'Parahistoria', name: (_, v) => `Shpella pranë ${v}` },
      ];
    case 'publicSpaces':
      return [
        { type: 'Shesh', period: 'Shekulli XX', name: (_, v) => `Sheshi i fshatit, ${v}` },
        { type: 'Park', period: 'Shekulli XX', name: (_, v) => `Parku i lagjes, ${v}` },
        { type: 'Rrugë historike', period: OTTOMAN, name: (_, v) => `Rruga e vjetër me kalldrëm, ${v}` },
      ];
    case 'creative':
      return [
        {
          type: 'Punishte zejtare',
          period: 'Bashkëkohore',
          name: (mm, v, r) => `Punishtja e ${r.pick(CRAFTS)} e familjes ${surname(mm, r)}, ${v}`,
        },
        { type: 'Qendër kulturore', period: 'Shekulli XX', name: (_, v) => `Shtëpia e kulturës, ${v}` },
        { type: 'Muze', period: 'Bashkëkohore', name: (_, v) => `Koleksioni etnografik i fshatit, ${v}` },
      ];
  }
}

const DATASET_WEIGHTS: [DatasetKey, number][] = [
  ['monuments', 45],
  ['archaeology', 15],
  ['landscapes', 12],
  ['publicSpaces', 10],
  ['creative', 10],
  ['events', 8],
];

function genericPlaces(rng: Random): Place[] {
  const places: Place[] = [];
  const used = new Set(HERITAGE_SITES.map((s) => s.name));
  for (const m of KOSOVO_MUNICIPALITIES) {
    // Bigger municipalities get more items.
    const count = 4 + (m.radiusKm >= 6 ? 3 : m.radiusKm >= 4 ? 1 : 0);
    for (let i = 0; i < count; i++) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const dataset = rng.weighted(DATASET_WEIGHTS);
        const village = rng.pick(m.villages);
        const template = rng.pick(templates(dataset, m));
        const name = template.name(m, village, rng);
        if (used.has(name)) continue;
        used.add(name);
        places.push({
          name,
          dataset,
          type: template.type,
          municipality: m.xk,
          village,
          ...jitter(m, rng),
          period: template.period,
          curated: false,
        });
        break;
      }
    }
  }
  return places;
}

/** A point within the municipality's radius of its seat, uniform over the disc. */
function jitter(m: Municipality, rng: Random): { lat: number; lng: number } {
  const r = m.radiusKm * Math.sqrt(rng.next());
  const angle = rng.next() * 2 * Math.PI;
  const lat = m.lat + (r * Math.sin(angle)) / 111;
  const lng = m.lng + (r * Math.cos(angle)) / (111 * Math.cos((m.lat * Math.PI) / 180));
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  return {
    lat: Number(clamp(lat, KOSOVO_BOUNDS.latMin, KOSOVO_BOUNDS.latMax).toFixed(6)),
    lng: Number(clamp(lng, KOSOVO_BOUNDS.lngMin, KOSOVO_BOUNDS.lngMax).toFixed(6)),
  };
}

const BUILT: ReadonlySet<DatasetKey> = new Set(['monuments', 'archaeology', 'publicSpaces', 'creative']);

const FIELD_COMMENTS = [
  'Fotografitë u bënë në mëngjes, me dritë të mirë.',
  'Pronari lejoi qasjen edhe në brendësi.',
  'Nevojitet një vizitë e dytë për matje të sakta.',
  'Çatia ka nevojë urgjente për riparim.',
  'Banorët dhanë të dhëna për historinë e familjes.',
  'Rruga deri te aseti është e pashtruar; qasja me këmbë.',
  'Vendi është i shënuar me tabelë informuese.',
  'Gjatë dimrit qasja është e pamundur.',
];
const APPROVAL_NOTES = [
  'Verifikuar me listën e trashëgimisë.',
  'Koordinatat u kontrolluan në hartë.',
  'Miratuar pas plotësimit të fotografive.',
];
const REJECTION_NOTES = [
  'Koordinatat nuk përputhen me komunën e shënuar.',
  'Mungojnë fotografitë dhe përshkrimi.',
  'Dyfishim i një regjistrimi ekzistues.',
];
const PASSIVE_NOTES = ['Regjistrimi u arkivua; aseti nuk ekziston më.', 'Arkivuar deri në verifikimin në terren.'];
const SOURCE_DETAILS: Record<string, string[]> = {
  'Vëzhgim në terren': ['Vizitë në terren nga ekipi i dokumentimit', 'Matje dhe fotografim në vend'],
  'Dokumente arkivore': ['Arkivi Shtetëror i Kosovës', 'Dosja e Institutit për Mbrojtjen e Monumenteve'],
  Literaturë: ['Guida arkeologjike e Kosovës (2012)', 'Studime për arkitekturën vernakulare'],
  'Dëshmi e banorëve': ['Bisedë me pleqtë e fshatit', 'Dëshmi e pronarit'],
};
const OTHER_MATERIALS = ['Kallamishte', 'Rrasa guri', 'Hekur i farkëtuar', 'Kashtë'];

function describe(p: Place): string {
  const where = p.village === p.municipality ? p.municipality : `${p.village}, komuna ${p.municipality}`;
  const what: Record<DatasetKey, string> = {
    monuments: 'Objekt me vlera arkitektonike dhe historike',
    archaeology: 'Lokalitet me gjurmë të vendbanimit dhe të ndërtimeve të hershme',
    events: 'Ngjarje që mbledh banorë dhe vizitorë çdo vit',
    landscapes: 'Peizazh me vlera natyrore dhe kulturore',
    publicSpaces: 'Hapësirë publike e përdorur për takime dhe ngjarje',
    creative: 'Vend i krijimtarisë dhe i zejeve tradicionale',
  };
  return `${what[p.dataset]} në ${where} (${p.type.toLowerCase()}).`;
}

function yearFor(p: Place, rng: Random): number | undefined {
  if (p.year !== undefined) return p.year;
  if (p.curated || !BUILT.has(p.dataset) || !rng.chance(0.6)) return undefined;
  if (p.period === OTTOMAN) return rng.int(1750, 1910);
  if (p.period === 'Shekulli XX') return rng.int(1920, 1990);
  if (p.period === 'Bashkëkohore') return rng.int(1995, 2022);
  return undefined;
}

function answersFor(p: Place, rng: Random) {
  const a: DemoAnswer[] = [];
  const add = (question: QuestionKey, value: string, value2?: string) =>
    a.push(value2 === undefined ? { question, value } : { question, value, value2 });

  add('assetName', p.name);
  add('assetType', p.type);
  add('municipality', p.municipality);
  add('village', p.village);
  const access = rng.weighted<string>(
    p.dataset === 'landscapes' || p.dataset === 'archaeology'
      ? [
          ['E lehtë', 2],
          ['E kufizuar', 3],
          ['E vështirë', 3],
        ]
      : [
          ['E lehtë', 6],
          ['E kufizuar', 2],
          ['E vështirë', 1],
        ],
  );
  add('access', access);

  add('period', p.period);
  const year = yearFor(p, rng);
  if (year !== undefined) add('yearBuilt', String(year));
  if (rng.chance(0.75)) add('description', describe(p));

  let risk: '1' | '2' | '3';
  if (p.dataset === 'events') {
    risk = rng.weighted<'1' | '2' | '3'>([
      ['2', 1],
      ['3', 4],
    ]);
  } else {
    const condition = rng.weighted<string>(
      p.dataset === 'archaeology'
        ? [
            ['E mirë', 1],
            ['E kënaqshme', 2],
            ['E dobët', 3],
            ['Rrënojë', 3],
          ]
        : [
            ['E mirë', 4],
            ['E kënaqshme', 3],
            ['E dobët', 2],
            ['Rrënojë', 1],
          ],
    );
    add('condition', condition);
    if (BUILT.has(p.dataset)) {
      const materials = rng.some(['Gur', 'Dru', 'Qerpiç', 'Tullë', 'Gëlqere', 'Plumb', 'Beton'], 1, 3);
      for (const m of materials) add('materials', m);
      if (rng.chance(0.08)) add('materials', 'Tjetër', rng.pick(OTHER_MATERIALS));
    }
    // Worse condition, higher risk.
    risk =
      condition === 'Rrënojë' || condition === 'E dobët'
        ? rng.weighted<'1' | '2' | '3'>([
            ['1', 3],
            ['2', 2],
            ['3', 1],
          ])
        : rng.weighted<'1' | '2' | '3'>([
            ['1', 1],
            ['2', 3],
            ['3', 5],
          ]);
  }
  const usability = rng.weighted<string>(
    risk === '1'
      ? [
          ['Pjesërisht në përdorim', 1],
          ['Jashtë përdorimit', 2],
        ]
      : [
          ['Në përdorim', 5],
          ['Pjesërisht në përdorim', 2],
          ['Jashtë përdorimit', 1],
        ],
  );
  add('usability', usability);
  add('risk', risk);
  // Low risk skips the threats question (skip logic on option '3').
  if (risk !== '3') {
    const threats = rng.some(
      ['Mot dhe erozion', 'Ndërtime pa leje', 'Braktisje', 'Vandalizëm', 'Zjarr', 'Gërmime të paligjshme'],
      1,
      3,
    );
    for (const t of threats) add('threats', t);
  }

  add(
    'ownership',
    rng.weighted<string>([
      ['Publike', 5],
      ['Private', 4],
      ['Fetare', 2],
      ['E përzier', 1],
      ['E panjohur', 1],
    ]),
  );
  const protection = rng.weighted<string>(
    p.curated
      ? [
          ['Nën mbrojtje', 8],
          ['Në procedurë', 2],
        ]
      : [
          ['Nën mbrojtje', 2],
          ['Në procedurë', 3],
          ['I pambrojtur', 4],
        ],
  );
  add('protectionStatus', protection);
  // 'I pambrojtur' skips the type of protection; the others offer only the options conditioned on them.
  if (protection === 'Nën mbrojtje') {
    add(
      'protectionType',
      rng.weighted<string>([
        ['Mbrojtje e përhershme', 5],
        ['Mbrojtje e përkohshme', 3],
        ['Zonë e veçantë e mbrojtur', 1],
      ]),
    );
  } else if (protection === 'Në procedurë') {
    add('protectionType', 'Lista për mbrojtje të përkohshme');
  }

  const source = rng.pick(Object.keys(SOURCE_DETAILS));
  add('source', source, rng.pick(SOURCE_DETAILS[source] ?? []));
  const documented = p.curated || rng.chance(0.4);
  add('hasDocumentation', documented ? 'Po' : 'Jo');
  // 'Jo' ends the survey.
  if (documented) {
    for (const d of rng.some(
      ['Fotografi historike', 'Vizatime arkitektonike', 'Raport konservimi', 'Dosje në arkiv'],
      1,
      3,
    ))
      add('documentationTypes', d);
  }
  return { answers: a, access, usability, risk };
}

export function generateDemoAssets(now: Date): DemoAsset[] {
  const rng = createRandom(20_08_2008);
  const places: Place[] = [...HERITAGE_SITES.map((s) => ({ ...s, curated: true })), ...genericPlaces(rng)];
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return places.map((p, index) => {
    const { answers, access, usability, risk } = answersFor(p, rng);
    const status = rng.weighted<DemoAsset['status']>([
      ['APPROVED', 76],
      ['UPLOADED', 14],
      ['REJECTED', 5],
      ['PASSIVE', 5],
    ]);
    const adminNote =
      status === 'REJECTED'
        ? rng.pick(REJECTION_NOTES)
        : status === 'PASSIVE'
          ? rng.pick(PASSIVE_NOTES)
          : status === 'APPROVED' && rng.chance(0.25)
            ? rng.pick(APPROVAL_NOTES)
            : null;
    return {
      id: rng.uuid(),
      uniqueId: rng.uuid(),
      dataset: p.dataset,
      name: p.name,
      municipality: p.municipality,
      village: p.village,
      assetType: p.type,
      usability,
      access,
      risk,
      riskLevel: riskLevelFromRisk(risk),
      // Spread over the last three years, at a plausible working hour.
      date: new Date(today - rng.int(0, 3 * 365) * DAY_MS + rng.int(8 * 60, 17 * 60) * 60_000),
      latitude: p.lat,
      longitude: p.lng,
      status,
      comments: rng.chance(0.3) ? rng.pick(FIELD_COMMENTS) : null,
      adminNote,
      viewCount: p.curated ? rng.int(150, 5000) : rng.int(0, 300),
      hasPhoto: index % 7 === 0,
      answers,
    };
  });
}
