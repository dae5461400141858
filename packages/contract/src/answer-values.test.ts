import { describe, expect, it } from 'vitest';
import { chosenValues, isOptionOffered, numberAnswer, readDay, readNumber } from './answer-values';

describe('number answers', () => {
  it('reads integers and decimals typed with a comma or a dot, and nothing else', () => {
    expect(readNumber('12')).toBe(12);
    expect(readNumber(' -6500 ')).toBe(-6500);
    expect(readNumber('3,5')).toBe(3.5);
    expect(readNumber('3.5')).toBe(3.5);
    expect(readNumber('')).toBeNull();
    expect(readNumber('   ')).toBeNull();
    expect(readNumber(null)).toBeNull();
    expect(readNumber('twelve')).toBeNull();
    expect(readNumber('1,5,2')).toBeNull();
  });

  it('sends a decimal comma as a dot', () => {
    expect(numberAnswer(' 3,25 ')).toBe('3.25');
  });
});

describe('date answers', () => {
  it('takes only days that exist, written YYYY-MM-DD', () => {
    expect(readDay('2024-02-29')).toBe('2024-02-29');
    expect(readDay('2023-02-29')).toBeNull();
    expect(readDay('2024-13-01')).toBeNull();
    expect(readDay('1.5.2024')).toBeNull();
    expect(readDay('')).toBeNull();
  });
});

describe('choice answers', () => {
  const multiple = {
    questionType: 'MULTIPLE_CHOICE',
    options: [{ value: 'Gur' }, { value: 'Dru' }, { value: 'Gur, i latuar' }],
  };
  const single = { questionType: 'SINGLE_CHOICE', options: [{ value: 'Po, pjesërisht' }, { value: 'Jo' }] };

  it("reads a multiple choice's comma-separated values once each, and an option holding a comma whole", () => {
    expect(chosenValues(multiple, ' Gur, Dru ,Gur ')).toEqual(['Gur', 'Dru']);
    expect(chosenValues(multiple, 'Gur, i latuar')).toEqual(['Gur, i latuar']);
    expect(chosenValues(single, 'Po, pjesërisht')).toEqual(['Po, pjesërisht']);
    expect(chosenValues(multiple, '  ')).toEqual([]);
    expect(chosenValues(undefined, 'Po')).toEqual(['Po']);
  });

  it('offers a conditional option only while its parent question chose its value, and others always', () => {
    const chosen = new Map([[1, ['Po, pjesërisht']]]);
    const chosenIn = (questionId: number) => chosen.get(questionId) ?? [];
    const option = (parent: number | null, value: string | null) => ({
      conditionalParentQuestionId: parent,
      conditionalParentQuestionValue: value,
    });
    expect(isOptionOffered(option(null, null), chosenIn)).toBe(true);
    expect(isOptionOffered(option(1, 'Po, pjesërisht'), chosenIn)).toBe(true);
    expect(isOptionOffered(option(1, 'Jo'), chosenIn)).toBe(false);
    expect(isOptionOffered(option(2, 'Po, pjesërisht'), chosenIn)).toBe(false);
  });
});
