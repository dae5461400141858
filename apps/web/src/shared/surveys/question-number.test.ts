import { describe, expect, it } from 'vitest';
import { compareQuestionNr } from './question-number';

describe('question numbers', () => {
  it('sorts numbers by segment, numerically', () => {
    expect(['10', '2', '1.10', '1.2', '1'].sort(compareQuestionNr)).toEqual(['1', '1.2', '1.10', '2', '10']);
  });
});
