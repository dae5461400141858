import { describe, expect, it } from 'vitest';
import { makeChapter, makeQuestion } from '@/shared/testing/question-fixtures';
import { buildAnswerTree, questionsById } from './answer-tree';

const deepSurvey = () =>
  makeChapter(1, '1', 'Chapter', [
    makeChapter(2, '1.2', 'Group', [
      makeChapter(3, '1.2.3', 'Sub-group', [
        makeChapter(4, '1.2.3.1', 'Too deep', [makeQuestion({ id: 5, questionNr: '1.2.3.1.1', title: 'Deepest' })]),
        makeQuestion({ id: 6, questionNr: '1.2.3.2', title: 'Also deep' }),
      ]),
    ]),
  ]);

describe('buildAnswerTree', () => {
  it('nests 1.2.3 under 1.2 under 1', () => {
    const [top] = buildAnswerTree([deepSurvey()]);
    expect(top?.question.questionNr).toBe('1');
    expect(top?.level).toBe(1);
    expect(top?.children[0]?.question.questionNr).toBe('1.2');
    expect(top?.children[0]?.level).toBe(2);
    expect(top?.children[0]?.children[0]?.question.questionNr).toBe('1.2.3');
    expect(top?.children[0]?.children[0]?.level).toBe(3);
  });

  it('lists questions below the third level flat, in reading order, under their level-3 question', () => {
    const level3 = buildAnswerTree([deepSurvey()])[0]?.children[0]?.children[0];
    expect(level3?.children.map((node) => node.question.questionNr)).toEqual(['1.2.3.1', '1.2.3.1.1', '1.2.3.2']);
    expect(level3?.children.every((node) => node.children.length === 0)).toBe(true);
  });

  it('finds every question of the tree by id', () => {
    expect([...questionsById([deepSurvey()]).keys()]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
