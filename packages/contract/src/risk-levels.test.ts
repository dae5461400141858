import { describe, expect, it } from 'vitest';
import { recordsRisk, riskLevelFromRisk } from './risk-levels';

describe('risk levels', () => {
  it('read 1/2/3 and the Albanian words, in any case and spacing, and anything else as low', () => {
    expect(['1', ' I lartë ', '2', 'mesatar', '3', 'i ulët', 'unknown', ''].map(riskLevelFromRisk)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
      'low',
      'low',
    ]);
    expect(riskLevelFromRisk(null)).toBe('low');
  });

  it('count a risk as recorded only when it is written', () => {
    expect([null, undefined, '', '  ', '2'].map(recordsRisk)).toEqual([false, false, false, false, true]);
  });
});
