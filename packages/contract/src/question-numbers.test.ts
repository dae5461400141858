import { describe, expect, it } from 'vitest';
import { answerableInOrder, compareQuestionNr, nextQuestionNumbers } from './question-numbers';

describe('question number order', () => {
  it('lists questions by dotted segment, numerically, each before the ones under it', () => {
    const numbers = ['10', '1.10', '2', '1.2', '1', '1.2.1', '1.9'];
    expect([...numbers].sort(compareQuestionNr)).toEqual(['1', '1.2', '1.2.1', '1.9', '1.10', '2', '10']);
  });

  it('puts a number with a part that is no number after the numeric ones, by text, in one stable order', () => {
    // Read as NaN, 'A' and '1.x' once compared equal to everything and landed wherever the sort left them.
    const numbers = ['B', '10', '1.x', '2', 'A', '1.2', '1'];
    expect([...numbers].sort(compareQuestionNr)).toEqual(['1', '1.2', '1.x', '2', '10', 'A', 'B']);
    expect([...numbers].reverse().sort(compareQuestionNr)).toEqual(['1', '1.2', '1.x', '2', '10', 'A', 'B']);
    expect(compareQuestionNr('A', '2')).toBeGreaterThan(0);
    expect(compareQuestionNr('2', 'A')).toBeLessThan(0);
    expect(compareQuestionNr('1.x', '1.x')).toBe(0);
  });

  it('walks the questions that take answers in the order a collector meets them, skipping headings', () => {
    type Node = { id: number; questionNr: string; questionCategory: string; children: Node[] };
    const node = (id: number, questionNr: string, questionCategory: string, children: Node[] = []): Node => ({
      id,
      questionNr,
      questionCategory,
      children,
    });
    const tree = [
      node(2, '2', 'PARENT'),
      node(1, '1', 'CHAPTER', [node(110, '1.10', 'PARENT'), node(12, '1.2', 'GROUP', [node(121, '1.2.1', 'PARENT')])]),
    ];
    expect([...answerableInOrder(tree)].map((question) => question.questionNr)).toEqual(['1.2.1', '1.10', '2']);
  });
});

describe('numbers of new questions', () => {
  it('follow the last question under the parent, skipping numbers already in use', () => {
    const taken = new Set(['1', '1.1', '1.3', '1.5', '2']);
    expect(nextQuestionNumbers('1', ['1.1', '1.3'], taken, 2)).toEqual(['1.4', '1.6']);
    expect(nextQuestionNumbers(null, ['1', '2'], taken, 1)).toEqual(['3']);
    expect(nextQuestionNumbers(null, [], new Set(), 2)).toEqual(['1', '2']);
  });

  it('count a sibling by its own place under the parent, and pass over one that is no number', () => {
    expect(nextQuestionNumbers('1', ['1.2.7', '1.x'], new Set(), 1)).toEqual(['1.3']);
  });
});
