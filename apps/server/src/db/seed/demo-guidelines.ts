import { buildDocx, type DocxSection } from './docx';

/**
 * Guideline documents for the documentation page: two small one-page PDFs built by hand (no PDF
 * library is needed for a few lines of Helvetica; their text is kept to Latin-1 characters, which
 * WinAnsiEncoding shows correctly, Albanian ë and ç included) and a Word form in the three languages.
 */
export type DemoGuideline = { title: string; file: string; lines: string[] };

export const DEMO_GUIDELINES: readonly DemoGuideline[] = [
  {
    title: 'Udhëzues për regjistrimin e aseteve në terren',
    file: 'udhezues-regjistrimi-ne-terren.pdf',
    lines: [
      'Udhëzues për regjistrimin e aseteve në terren',
      '',
      '1. Plotësoni emrin, llojin dhe vendndodhjen e asetit para se të largoheni nga vendi.',
      '2. Regjistroni koordinatat me pajisjen në afërsi të hyrjes kryesore.',
      '3. Vlerësoni gjendjen fizike dhe nivelin e rrezikut sipas formularit.',
      '4. Për rrezik të lartë njoftoni menjëherë institucionin përgjegjës.',
      '5. Dërgoni regjistrimin; administratori e shqyrton para publikimit.',
    ],
  },
  {
    title: 'Udhëzues për fotografimin e trashëgimisë kulturore',
    file: 'udhezues-fotografimi.pdf',
    lines: [
      'Udhëzues për fotografimin e trashëgimisë kulturore',
      '',
      '1. Fotografoni secilën fasadë në dritë të ditës, pa kundërdritë.',
      '2. Shtoni një pamje të përgjithshme me mjedisin përreth.',
      '3. Dokumentoni detajet: dyert, dritaret, zbukurimet dhe dëmtimet.',
      '4. Mos përdorni filtra; ruani fotografitë në rezolucion të plotë.',
    ],
  },
];

/** A condition form to print or fill in, titled and written in Albanian, English and Serbian. */
export const DEMO_WORD_FORM: { title: string; file: string; sections: DocxSection[] } = {
  title: 'Formulari i vlerësimit të gjendjes · Condition assessment form · Obrazac za procenu stanja',
  file: 'formulari-i-vleresimit-te-gjendjes.docx',
  sections: [
    {
      language: 'sq-AL',
      heading: 'Formulari i vlerësimit të gjendjes së asetit',
      lines: [
        'Emri i asetit: ____________________',
        'Komuna dhe fshati: ____________________',
        'Data e vizitës: ____________________',
        'Gjendja fizike: e mirë / mesatare / e dobët',
        'Niveli i rrezikut: i lartë / mesatar / i ulët',
        'Vërejtje: ____________________',
      ],
    },
    {
      language: 'en-GB',
      heading: 'Asset condition assessment form',
      lines: [
        'Asset name: ____________________',
        'Municipality and village: ____________________',
        'Date of visit: ____________________',
        'Physical condition: good / fair / poor',
        'Risk level: high / medium / low',
        'Remarks: ____________________',
      ],
    },
    {
      language: 'sr-Latn-RS',
      heading: 'Obrazac za procenu stanja dobra',
      lines: [
        'Naziv dobra: ____________________',
        'Opština i selo: ____________________',
        'Datum posete: ____________________',
        'Fizičko stanje: dobro / srednje / loše',
        'Nivo rizika: visok / srednji / nizak',
        'Napomene: ____________________',
      ],
    },
  ],
};

export type DemoGuidelineFile = { title: string; file: string; contentType: 'pdf' | 'word'; bytes: Buffer };

/** Every demo guideline with the bytes of its file, as the seed stores them. */
export function demoGuidelineFiles(): DemoGuidelineFile[] {
  return [
    ...DEMO_GUIDELINES.map((g) => ({
      title: g.title,
      file: g.file,
      contentType: 'pdf' as const,
      bytes: buildPdf(g.lines),
    })),
    {
      title: DEMO_WORD_FORM.title,
      file: DEMO_WORD_FORM.file,
      contentType: 'word',
      bytes: buildDocx(DEMO_WORD_FORM.title, DEMO_WORD_FORM.sections),
    },
  ];
}

/** A valid single-page A4 PDF with the lines set top-down, the first one as a larger title. */
export function buildPdf(lines: readonly string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines
    .map((line, i) => (i === 0 ? `/F1 16 Tf (${escape(line)}) Tj 0 -28 Td /F1 11 Tf` : `(${escape(line)}) Tj 0 -16 Td`))
    .join('\n');
  const content = `BT\n72 770 Td\n${text}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
