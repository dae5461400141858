import { describe, expect, it } from 'vitest';
import { buildQuestionTree, nextNumbersUnder, questionOrders, subtreeIds } from './question-tree';

const row = (id: number, questionNr: string, parentId: number | null = null, questionOrder = 0) => ({
  id,
  questionNr,
  parentId,
  questionOrder,
});

const numbersOf = (nodes: ReturnType<typeof buildQuestionTree<ReturnType<typeof row>>>): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.row.questionNr, numbersOf(node.children)] : node.row.questionNr));

describe('the question tree', () => {
  it('puts children under their parents and sorts siblings numerically by dotted segment', () => {
    const rows = [row(1, '10'), row(2, '2'), row(3, '1'), row(4, '1.10', 3), row(5, '1.2', 3), row(6, '1.2.1', 5)];
    expect(numbersOf(buildQuestionTree(rows))).toEqual([['1', [['1.2', ['1.2.1']], '1.10']], '2', '10']);
  });

  it('orders top-level questions 1..n by number and children 1..n within their parent', () => {
    const rows = [
      row(1, '3', null, 1),
      row(2, '1', null, 2),
      row(3, '1.2', 2, 9),
      row(4, '1.1', 2, 1),
      row(5, '2', null, 3),
    ];
    expect(questionOrders(rows).sort((a, b) => a.id - b.id)).toEqual([
      { id: 1, questionOrder: 3 },
      { id: 2, questionOrder: 1 },
      { id: 3, questionOrder: 2 },
      { id: 5, questionOrder: 2 },
    ]);
  });

  it('finds a question with every question below it, however deep', () => {
    const rows = [row(1, '1'), row(2, '1.1', 1), row(3, '1.1.1', 2), row(4, '2'), row(5, '1.2', 1)];
    expect(subtreeIds(rows, 1).sort()).toEqual([1, 2, 3, 5]);
    expect(subtreeIds(rows, 4)).toEqual([4]);
  });

  it('numbers new questions after the last sibling, skipping numbers already in use', () => {
    const chapter = row(1, '1');
    const rows = [chapter, row(2, '1.1', 1), row(3, '1.3', 1), row(4, '1.5'), row(5, '2')];
    expect(nextNumbersUnder(rows, chapter, 2)).toEqual(['1.4', '1.6']);
    expect(nextNumbersUnder(rows, null, 1)).toEqual(['3']);
    expect(nextNumbersUnder([], null, 2)).toEqual(['1', '2']);
  });
});
