import { MAX_MEDIA_NAME_LENGTH } from '@trashegimia/contract/media';
import { describe, expect, it } from 'vitest';
import { cleanFileName } from './media-names';

describe('cleanFileName', () => {
  it('keeps a plain name as it is, letters of every script included', () => {
    expect(cleanFileName('Kulla e Jasharëve.jpg')).toBe('Kulla e Jasharëve.jpg');
    expect(cleanFileName('Манастир Дечани.mp4')).toBe('Манастир Дечани.mp4');
  });

  it('keeps only the last part of a path, whichever slashes it uses', () => {
    expect(cleanFileName('C:\\Users\\arta\\Desktop\\ura.png')).toBe('ura.png');
    expect(cleanFileName('/home/arta/ura.png')).toBe('ura.png');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
  });

  it('drops control characters and the marks that would show the extension reversed', () => {
    expect(cleanFileName('ura\u0000\u0007\n.png')).toBe('ura.png');
    expect(cleanFileName('photo\u202Egpj.exe')).toBe('photogpj.exe');
  });

  it('collapses spaces and reads nothing left as no name', () => {
    expect(cleanFileName('  Ura   e  Fshejtë .jpg ')).toBe('Ura e Fshejtë .jpg');
    expect(cleanFileName('   ')).toBeNull();
    expect(cleanFileName('folder/')).toBeNull();
    expect(cleanFileName('..')).toBeNull();
  });

  it('shortens a long name to the limit and keeps its extension', () => {
    const cleaned = cleanFileName(`${'ë'.repeat(400)}.jpeg`)!;
    expect(Array.from(cleaned)).toHaveLength(MAX_MEDIA_NAME_LENGTH);
    expect(cleaned.endsWith('ë.jpeg')).toBe(true);
  });

  it('never cuts a character written with two code units in half', () => {
    const cleaned = cleanFileName('🏰'.repeat(300))!;
    expect(Array.from(cleaned)).toHaveLength(MAX_MEDIA_NAME_LENGTH);
    expect(cleaned).toBe('🏰'.repeat(MAX_MEDIA_NAME_LENGTH));
  });
});
