import { KOSOVO_MUNICIPALITIES } from './kosovo-municipalities';

/**
 * The demo survey as data. Numbers (1, 1.3, 1.3.1 …) and questionOrder follow from each node's place
 * in the tree when it is written, so skip logic names its target by key, never by a number that
 * could drift. Choice values are Albanian words (what the asset columns and exports show); risk
 * uses '1'/'2'/'3', which the contract's risk-levels.ts maps to high/medium/low.
 */
export type Tri = { xk: string; en: string; sr: string };

export type QuestionKey =
  | 'chapterIdentity'
  | 'assetName'
  | 'assetType'
  | 'location'
  | 'municipality'
  | 'village'
  | 'access'
  | 'chapterHistory'
  | 'period'
  | 'yearBuilt'
  | 'description'
  | 'chapterCondition'
  | 'condition'
  | 'materials'
  | 'usability'
  | 'risk'
  | 'threats'
  | 'chapterLegal'
  | 'ownership'
  | 'protectionStatus'
  | 'protectionType'
  | 'chapterDocumentation'
  | 'source'
  | 'hasDocumentation'
  | 'documentationTypes';

export type GroupKey = 'identity' | 'location' | 'condition';

export type OptionDef = {
  value: string;
  label: Tri;
  /** Skip logic: where the form goes after this answer. */
  skip?: { validateType: 'NEXT_QUESTION' | 'END_SURVEY'; to?: QuestionKey };
  disclaimer?: Tri;
  /** Offered only when that question's answer equals `value`. */
  onlyWhen?: { question: QuestionKey; value: string };
  isAnother?: boolean;
};

export type QuestionType = 'TEXT' | 'MULTIPLE_CHOICE' | 'SINGLE_CHOICE' | 'DROPDOWN' | 'SELECT_AND_TEXT';

export type QuestionDef = {
  key: QuestionKey;
  category: 'CHAPTER' | 'GROUP' | 'PARENT';
  type?: QuestionType;
  title: Tri;
  identifier?: string;
  limMin?: string;
  limMax?: string;
  group?: GroupKey;
  options?: OptionDef[];
  children?: QuestionDef[];
};

/** An option whose value is its Albanian label. */
const opt = (xk: string, en: string, sr: string, extra: Omit<OptionDef, 'value' | 'label'> = {}): OptionDef => ({
  value: xk,
  label: { xk, en, sr },
  ...extra,
});

export const DEMO_SURVEY = {
  surveyState: 1,
  descriptionXk: 'Formulari i regjistrimit të trashëgimisë kulturore',
  descriptionEn: 'Cultural heritage registration form',
  descriptionSr: 'Obrazac za registraciju kulturnog nasleđa',
  longDescriptionXk:
    'Ky formular përdoret në terren për të regjistruar asetet e trashëgimisë kulturore të Kosovës: monumente, site arkeologjike, ngjarje kulturore, peizazhe, hapësira publike dhe industri kreative. ' +
    'Ai mbledh identifikimin dhe vendndodhjen e asetit, historikun, gjendjen fizike dhe nivelin e rrezikut, statusin juridik dhe mbrojtjen, si dhe burimet e dokumentimit. ' +
    'Të dhënat shqyrtohen nga administratorët para se të publikohen në platformë.',
  longDescriptionEn:
    "This form is used in the field to register Kosovo's cultural heritage assets: monuments, archaeological sites, cultural events, landscapes, public spaces and creative industry. " +
    'It records the identification and location of the asset, its history, physical condition and risk level, legal status and protection, and the sources of documentation. ' +
    'Submissions are reviewed by administrators before they are published on the platform.',
  longDescriptionSr:
    'Ovaj obrazac se koristi na terenu za registraciju dobara kulturnog nasleđa Kosova: spomenika, arheoloških lokaliteta, kulturnih događaja, predela, javnih prostora i kreativne industrije. ' +
    'Beleži identifikaciju i lokaciju dobra, istorijat, fizičko stanje i nivo rizika, pravni status i zaštitu, kao i izvore dokumentacije. ' +
    'Podatke pregledaju administratori pre objavljivanja na platformi.',
} as const;

export const DEMO_QUESTION_GROUPS: Record<GroupKey, Tri> = {
  identity: { xk: 'Të dhënat e identifikimit', en: 'Identification data', sr: 'Identifikacioni podaci' },
  location: { xk: 'Vendndodhja', en: 'Location', sr: 'Lokacija' },
  condition: { xk: 'Gjendja dhe rreziku', en: 'Condition and risk', sr: 'Stanje i rizik' },
};

export const ASSET_TYPE_OPTIONS: OptionDef[] = [
  opt('Kullë', 'Stone tower house (kulla)', 'Kula'),
  opt('Shtëpi tradicionale', 'Traditional house', 'Tradicionalna kuća'),
  opt('Xhami', 'Mosque', 'Džamija'),
  opt('Kishë', 'Church', 'Crkva'),
  opt('Manastir', 'Monastery', 'Manastir'),
  opt('Teqe', 'Tekke (dervish lodge)', 'Tekija'),
  opt('Hamam', 'Hammam (bathhouse)', 'Hamam'),
  opt('Urë', 'Bridge', 'Most'),
  opt('Mulli', 'Watermill', 'Vodenica'),
  opt('Kullë sahati', 'Clock tower', 'Sahat-kula'),
  opt('Monument përkujtimor', 'Memorial', 'Spomen-obeležje'),
  opt('Çezmë', 'Public fountain', 'Česma'),
  opt('Tyrbe', 'Mausoleum (türbe)', 'Turbe'),
  opt('Han', 'Caravanserai (han)', 'Han'),
  opt('Vendbanim arkeologjik', 'Archaeological settlement', 'Arheološko naselje'),
  opt('Kala', 'Fortress', 'Tvrđava'),
  opt('Nekropol', 'Necropolis', 'Nekropola'),
  opt('Festival', 'Festival', 'Festival'),
  opt('Manifestim tradicional', 'Traditional gathering', 'Tradicionalna manifestacija'),
  opt('Grykë', 'Gorge', 'Klisura'),
  opt('Ujëvarë', 'Waterfall', 'Vodopad'),
  opt('Shpellë', 'Cave', 'Pećina'),
  opt('Liqen', 'Lake', 'Jezero'),
  opt('Mal', 'Mountain', 'Planina'),
  opt('Burim', 'Spring', 'Izvor'),
  opt('Shesh', 'Square', 'Trg'),
  opt('Çarshi', 'Bazaar (çarshia)', 'Čaršija'),
  opt('Park', 'Park', 'Park'),
  opt('Rrugë historike', 'Historic street', 'Istorijska ulica'),
  opt('Muze', 'Museum', 'Muzej'),
  opt('Galeri', 'Gallery', 'Galerija'),
  opt('Kinema', 'Cinema', 'Bioskop'),
  opt('Teatër', 'Theatre', 'Pozorište'),
  opt('Punishte zejtare', 'Craft workshop', 'Zanatska radionica'),
  opt('Qendër kulturore', 'Cultural centre', 'Kulturni centar'),
];

export const PERIOD_OPTIONS: OptionDef[] = [
  opt('Parahistoria', 'Prehistory', 'Praistorija'),
  opt('Antikiteti', 'Antiquity', 'Antika'),
  opt('Mesjeta', 'Middle Ages', 'Srednji vek'),
  opt('Periudha osmane', 'Ottoman period (15th–19th c.)', 'Osmanski period (XV–XIX vek)'),
  opt('Shekulli XX', '20th century', 'XX vek'),
  opt('Bashkëkohore', 'Contemporary', 'Savremeno'),
];

export const CONDITION_OPTIONS: OptionDef[] = [
  opt('E mirë', 'Good', 'Dobro'),
  opt('E kënaqshme', 'Fair', 'Zadovoljavajuće'),
  opt('E dobët', 'Poor', 'Loše'),
  opt('Rrënojë', 'Ruin', 'Ruševina'),
];

export const MATERIAL_OPTIONS: OptionDef[] = [
  opt('Gur', 'Stone', 'Kamen'),
  opt('Dru', 'Timber', 'Drvo'),
  opt('Qerpiç', 'Mud brick', 'Ćerpič'),
  opt('Tullë', 'Fired brick', 'Opeka'),
  opt('Gëlqere', 'Lime mortar', 'Krečni malter'),
  opt('Plumb', 'Lead roofing', 'Olovni krov'),
  opt('Beton', 'Concrete', 'Beton'),
  opt('Tjetër', 'Other (describe)', 'Drugo (opišite)', { isAnother: true }),
];

const HIGH_RISK_DISCLAIMER: Tri = {
  xk: 'Rrezik i lartë: njoftoni menjëherë Institutin Rajonal për Mbrojtjen e Monumenteve dhe bashkëngjitni fotografi.',
  en: 'High risk: notify the Regional Institute for the Protection of Monuments at once and attach photographs.',
  sr: 'Visok rizik: odmah obavestite Regionalni zavod za zaštitu spomenika i priložite fotografije.',
};

export const DEMO_QUESTION_TREE: QuestionDef[] = [
  {
    key: 'chapterIdentity',
    category: 'CHAPTER',
    title: { xk: 'Identifikimi i asetit', en: 'Identification of the asset', sr: 'Identifikacija dobra' },
    children: [
      {
        key: 'assetName',
        category: 'PARENT',
        type: 'TEXT',
        identifier: 'ASSET_NAME',
        group: 'identity',
        title: { xk: 'Emri i asetit', en: 'Name of the asset', sr: 'Naziv dobra' },
      },
      {
        key: 'assetType',
        category: 'PARENT',
        type: 'SINGLE_CHOICE',
        identifier: 'ASSET_TYPE',
        group: 'identity',
        title: { xk: 'Lloji i asetit', en: 'Type of asset', sr: 'Vrsta dobra' },
        options: ASSET_TYPE_OPTIONS,
      },
      {
        key: 'location',
        category: 'GROUP',
        group: 'location',
        title: { xk: 'Vendndodhja', en: 'Location', sr: 'Lokacija' },
        children: [
          {
            key: 'municipality',
            category: 'PARENT',
            type: 'DROPDOWN',
            identifier: 'MUNICIPALITY_NAME',
            group: 'location',
            title: { xk: 'Komuna', en: 'Municipality', sr: 'Opština' },
            options: KOSOVO_MUNICIPALITIES.map((m) => opt(m.xk, m.en, m.sr)),
          },
          {
            key: 'village',
            category: 'PARENT',
            type: 'TEXT',
            identifier: 'VILLAGE_NAME',
            group: 'location',
            title: { xk: 'Fshati ose lagjja', en: 'Village or neighbourhood', sr: 'Selo ili naselje' },
          },
          {
            key: 'access',
            category: 'PARENT',
            type: 'SINGLE_CHOICE',
            identifier: 'ACCESS',
            group: 'location',
            title: { xk: 'Qasja deri te aseti', en: 'Access to the asset', sr: 'Pristup dobru' },
            options: [
              opt('E lehtë', 'Easy', 'Lak'),
              opt('E kufizuar', 'Restricted', 'Ograničen'),
              opt('E vështirë', 'Difficult', 'Težak'),
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'chapterHistory',
    category: 'CHAPTER',
    title: { xk: 'Historiku', en: 'History', sr: 'Istorijat' },
    children: [
      {
        key: 'period',
        category: 'PARENT',
        type: 'SINGLE_CHOICE',
        identifier: 'SIMPLE_QUESTION',
        title: { xk: 'Periudha historike', en: 'Historical period', sr: 'Istorijski period' },
        options: PERIOD_OPTIONS,
      },
      {
        key: 'yearBuilt',
        category: 'PARENT',
        type: 'TEXT',
        // Years before the common era are negative; the Neolithic sites of Kosovo reach about 6500 BC.
        limMin: '-6500',
        limMax: '2025',
        title: {
          xk: 'Viti i ndërtimit ose i themelimit',
          en: 'Year built or founded',
          sr: 'Godina izgradnje ili osnivanja',
        },
      },
      {
        key: 'description',
        category: 'PARENT',
        type: 'TEXT',
        title: { xk: 'Përshkrim i shkurtër', en: 'Short description', sr: 'Kratak opis' },
      },
    ],
  },
  {
    key: 'chapterCondition',
    category: 'CHAPTER',
    group: 'condition',
    title: { xk: 'Gjendja dhe rreziku', en: 'Condition and risk', sr: 'Stanje i rizik' },
    children: [
      {
        key: 'condition',
        category: 'PARENT',
        type: 'SINGLE_CHOICE',
        identifier: 'SIMPLE_QUESTION',
        group: 'condition',
        title: { xk: 'Gjendja fizike', en: 'Physical condition', sr: 'Fizičko stanje' },
        options: CONDITION_OPTIONS,
      },
      {
        key: 'materials',
        category: 'PARENT',
        type: 'MULTIPLE_CHOICE',
        identifier: 'SIMPLE_QUESTION',
        group: 'condition',
        title: { xk: 'Materialet e ndërtimit', en: 'Building materials', sr: 'Građevinski materijali' },
        options: MATERIAL_OPTIONS,
      },
      {
        key: 'usability',
        category: 'PARENT',
        type: 'SINGLE_CHOICE',
        identifier: 'USABILITY',
        group: 'condition',
        title: { xk: 'Përdorshmëria', en: 'Usability', sr: 'Upotrebljivost' },
        options: [
          opt('Në përdorim', 'In use', 'U upotrebi'),
          opt('Pjesërisht në përdorim', 'Partly in use', 'Delimično u upotrebi'),
          opt('Jashtë përdorimit', 'Out of use', 'Van upotrebe'),
        ],
      },
      {
        key: 'risk',
        category: 'PARENT',
        type: 'SINGLE_CHOICE',
        identifier: 'RISK_LEVEL',
        group: 'condition',
        title: { xk: 'Niveli i rrezikut', en: 'Risk level', sr: 'Nivo rizika' },
        options: [
          { value: '1', label: { xk: 'I lartë', en: 'High', sr: 'Visok' }, disclaimer: HIGH_RISK_DISCLAIMER },
          { value: '2', label: { xk: 'Mesatar', en: 'Medium', sr: 'Srednji' } },
          // A low-risk asset has no threats to list.
          {
            value: '3',
            label: { xk: 'I ulët', en: 'Low', sr: 'Nizak' },
            skip: { validateType: 'NEXT_QUESTION', to: 'chapterLegal' },
          },
        ],
      },
      {
        key: 'threats',
        category: 'PARENT',
        type: 'MULTIPLE_CHOICE',
        identifier: 'SIMPLE_QUESTION',
        group: 'condition',
        title: { xk: 'Kërcënimet kryesore', en: 'Main threats', sr: 'Glavne pretnje' },
        options: [
          opt('Mot dhe erozion', 'Weather and erosion', 'Vremenski uslovi i erozija'),
          opt('Ndërtime pa leje', 'Unauthorised construction', 'Nelegalna gradnja'),
          opt('Braktisje', 'Abandonment', 'Napuštenost'),
          opt('Vandalizëm', 'Vandalism', 'Vandalizam'),
          opt('Zjarr', 'Fire', 'Požar'),
          opt('Gërmime të paligjshme', 'Illegal digging', 'Nelegalna iskopavanja'),
        ],
      },
    ],
  },
  {
    key: 'chapterLegal',
    category: 'CHAPTER',
    title: { xk: 'Statusi juridik dhe mbrojtja', en: 'Legal status and protection', sr: 'Pravni status i zaštita' },
    children: [
      {
        key: 'ownership',
        category: 'PARENT',
        type: 'SINGLE_CHOICE',
        identifier: 'SIMPLE_QUESTION',
        title: { xk: 'Pronësia', en: 'Ownership', sr: 'Vlasništvo' },
        options: [
          opt('Publike', 'Public', 'Javno'),
          opt('Private', 'Private', 'Privatno'),
          opt('Fetare', 'Religious community', 'Verska zajednica'),
          opt('E përzier', 'Mixed', 'Mešovito'),
          opt('E panjohur', 'Unknown', 'Nepoznato'),
        ],
      },
      {
        key: 'protectionStatus',
        category: 'PARENT',
        type: 'SINGLE_CHOICE',
        identifier: 'SIMPLE_QUESTION',
        title: { xk: 'Statusi i mbrojtjes', en: 'Protection status', sr: 'Status zaštite' },
        options: [
          opt('Nën mbrojtje', 'Protected', 'Pod zaštitom'),
          opt('Në procedurë', 'Protection pending', 'U postupku zaštite'),
          // Nothing to say about the kind of protection of an unprotected asset.
          opt('I pambrojtur', 'Not protected', 'Nije zaštićeno', {
            skip: { validateType: 'NEXT_QUESTION', to: 'chapterDocumentation' },
          }),
        ],
      },
      {
        key: 'protectionType',
        category: 'PARENT',
        type: 'SINGLE_CHOICE',
        title: { xk: 'Lloji i mbrojtjes', en: 'Type of protection', sr: 'Vrsta zaštite' },
        options: [
          opt('Mbrojtje e përhershme', 'Permanent protection', 'Trajna zaštita', {
            onlyWhen: { question: 'protectionStatus', value: 'Nën mbrojtje' },
          }),
          opt('Mbrojtje e përkohshme', 'Temporary protection', 'Privremena zaštita', {
            onlyWhen: { question: 'protectionStatus', value: 'Nën mbrojtje' },
          }),
          opt('Zonë e veçantë e mbrojtur', 'Special protective zone', 'Specijalna zaštićena zona', {
            onlyWhen: { question: 'protectionStatus', value: 'Nën mbrojtje' },
          }),
          opt('Lista për mbrojtje të përkohshme', 'Listed for temporary protection', 'Lista za privremenu zaštitu', {
            onlyWhen: { question: 'protectionStatus', value: 'Në procedurë' },
          }),
        ],
      },
    ],
  },
  {
    key: 'chapterDocumentation',
    category: 'CHAPTER',
    title: { xk: 'Dokumentimi', en: 'Documentation', sr: 'Dokumentacija' },
    children: [
      {
        key: 'source',
        category: 'PARENT',
        type: 'SELECT_AND_TEXT',
        identifier: 'SIMPLE_QUESTION',
        title: {
          xk: 'Burimi i informacionit (zgjidhni dhe shënoni detajet)',
          en: 'Source of information (choose and add details)',
          sr: 'Izvor informacija (izaberite i dodajte detalje)',
        },
        options: [
          opt('Vëzhgim në terren', 'Field observation', 'Terensko posmatranje'),
          opt('Dokumente arkivore', 'Archival documents', 'Arhivska dokumenta'),
          opt('Literaturë', 'Published literature', 'Literatura'),
          opt('Dëshmi e banorëve', "Residents' testimony", 'Svedočenje meštana'),
        ],
      },
      {
        key: 'hasDocumentation',
        category: 'PARENT',
        type: 'SINGLE_CHOICE',
        title: {
          xk: 'A ekziston dokumentacion i mëparshëm?',
          en: 'Is there earlier documentation?',
          sr: 'Da li postoji ranija dokumentacija?',
        },
        options: [opt('Po', 'Yes', 'Da'), opt('Jo', 'No', 'Ne', { skip: { validateType: 'END_SURVEY' } })],
      },
      {
        key: 'documentationTypes',
        category: 'PARENT',
        type: 'MULTIPLE_CHOICE',
        title: { xk: 'Lloji i dokumentacionit', en: 'Kind of documentation', sr: 'Vrsta dokumentacije' },
        options: [
          opt('Fotografi historike', 'Historical photographs', 'Istorijske fotografije'),
          opt('Vizatime arkitektonike', 'Architectural drawings', 'Arhitektonski crteži'),
          opt('Raport konservimi', 'Conservation report', 'Konzervatorski izveštaj'),
          opt('Dosje në arkiv', 'Archive file', 'Arhivski dosije'),
        ],
      },
    ],
  },
];
