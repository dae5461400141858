import { describe, expect, it } from 'vitest';
import { asciiSlugOf, attachmentDisposition, slugOf } from './file-names';

describe('slugs', () => {
  it('keeps letters of any script in the slug and folds them for the ASCII one', () => {
    expect(slugOf('Kulla e Jasharëve')).toBe('kulla-e-jasharëve');
    expect(asciiSlugOf('Kulla e Jasharëve')).toBe('kulla-e-jashareve');
    expect(asciiSlugOf('Đakovica: Çarshia e Madhe!')).toBe('djakovica-carshia-e-madhe');
    expect(slugOf('Манастир Високи Дечани')).toBe('манастир-високи-дечани');
    expect(asciiSlugOf('Манастир Високи Дечани')).toBe('');
    expect(slugOf('  --  ')).toBe('');
  });
});

describe('attachmentDisposition', () => {
  it('is plain for ASCII names', () => {
    expect(attachmentDisposition('Monumente', { extension: 'csv', fallback: 'dataset', suffix: '-2025-01-15' })).toBe(
      'attachment; filename="monumente-2025-01-15.csv"',
    );
  });

  it('adds an RFC 5987 filename* for other letters and falls back when nothing ASCII is left', () => {
    expect(attachmentDisposition('Kulla e Jasharëve', { extension: 'pdf', fallback: 'asset' })).toBe(
      `attachment; filename="kulla-e-jashareve.pdf"; filename*=UTF-8''kulla-e-jashar%C3%ABve.pdf`,
    );
    expect(attachmentDisposition('Дечани', { extension: 'pdf', fallback: 'asset' })).toBe(
      `attachment; filename="asset.pdf"; filename*=UTF-8''%D0%B4%D0%B5%D1%87%D0%B0%D0%BD%D0%B8.pdf`,
    );
  });

  it('never lets a quote or a line break into the header', () => {
    const header = attachmentDisposition('a"b\r\nc', { extension: 'pdf', fallback: 'asset' });
    expect(header).toBe('attachment; filename="a-b-c.pdf"');
  });
});
