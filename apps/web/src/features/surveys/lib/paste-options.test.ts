import { describe, expect, it } from 'vitest';
import { parsePastedOptions } from './paste-options';

const option = (value: string, descriptionXk = '', descriptionEn = '', descriptionSr = '') => ({
  value,
  descriptionXk,
  descriptionEn,
  descriptionSr,
});

describe('pasting options', () => {
  it('makes one option per line, skipping blank lines and trimming each', () => {
    expect(parsePastedOptions('Prishtinë\n  Prizren \n\n\r\nPejë\r\nGjakovë\n')).toEqual({
      options: [option('Prishtinë'), option('Prizren'), option('Pejë'), option('Gjakovë')],
      refused: 0,
    });
  });

  it('reads spreadsheet columns as value and the labels in Albanian, English and Serbian', () => {
    const copied = '1\tI lartë\tHigh\tVisok\r\n2\tMesatar\tMedium\tSrednji\r\n3\tI ulët\r\n';
    expect(parsePastedOptions(copied).options).toEqual([
      option('1', 'I lartë', 'High', 'Visok'),
      option('2', 'Mesatar', 'Medium', 'Srednji'),
      option('3', 'I ulët'),
    ]);
  });

  it('keeps a row whose value is empty but has a label, and ignores columns beyond the fourth', () => {
    expect(parsePastedOptions('\tPa vlerë\nX\tA\tB\tC\tD\tE').options).toEqual([
      option('', 'Pa vlerë'),
      option('X', 'A', 'B', 'C'),
    ]);
  });

  it('unquotes a cell the spreadsheet quoted because it held a line break, a tab or quotes', () => {
    const copied = 'a\t"Kishë\nortodokse"\tChurch\nb\t"Kulla ""e Jasharëve"""\t"tab\there"';
    expect(parsePastedOptions(copied).options).toEqual([
      option('a', 'Kishë\nortodokse', 'Church'),
      option('b', 'Kulla "e Jasharëve"', 'tab\there'),
    ]);
  });

  it('keeps quotes that do not wrap a whole cell as they were typed', () => {
    expect(parsePastedOptions('"Guri" i bardhë\tStone').options).toEqual([option('"Guri" i bardhë', 'Stone')]);
  });

  it('leaves out and counts lines the server would refuse, such as a value over 1000 characters', () => {
    const pasted = parsePastedOptions(`Po\n${'x'.repeat(1001)}\nJo`);
    expect(pasted.options.map((pastedOption) => pastedOption.value)).toEqual(['Po', 'Jo']);
    expect(pasted.refused).toBe(1);
  });

  it('finds nothing to add in blank text', () => {
    expect(parsePastedOptions('  \n\t\n')).toEqual({ options: [], refused: 0 });
  });
});
