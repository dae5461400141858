/**
 * Two guideline documents for the documentation page, as small one-page PDFs built by hand (no
 * PDF library is needed for a few lines of Helvetica). Text is kept to Latin-1 characters, which
 * WinAnsiEncoding shows correctly, Albanian ë and ç included.
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
