import { describe, expect, it } from 'vitest';
import { draftReducer } from './draft-reducer';
import { addQuestion, withType } from './question-tree';
import { blankOption, emptyDraft, type DraftQuestion, type EditorDraft } from './survey-draft';

/** A draft with a choice question of `count` options and, after it, question 2 whose first option skips to 1. */
const draftWith = (count: number) => {
  const first = addQuestion([], null).added;
  const choice: DraftQuestion = {
    ...withType(first, 'DROPDOWN'),
    options: Array.from({ length: count }, (_, index) => ({ ...blankOption(index + 1), value: `v${index + 1}` })),
  };
  const second = addQuestion([choice], null).added;
  const skipping: DraftQuestion = {
    ...second,
    options: [{ ...blankOption(1), value: 'Po', validateType: 'NEXT_QUESTION', toQuestionNr: '1' }],
  };
  const draft: EditorDraft = { ...emptyDraft(), questions: [choice, skipping] };
  return { draft, choice, skipping };
};

describe('draft reducer', () => {
  it('typing in one option of a thousand leaves every other option and question untouched, so only that row redraws', () => {
    const { draft, choice, skipping } = draftWith(1000);
    const typed = draftReducer(draft, {
      type: 'optionChanged',
      questionKey: choice.key,
      optionKey: choice.options[500]!.key,
      changes: { descriptionEn: 'Five hundred' },
    });

    const options = typed.questions[0]!.options;
    expect(options[500]).toMatchObject({ value: 'v501', descriptionEn: 'Five hundred' });
    expect(options.filter((option, index) => option !== choice.options[index])).toEqual([options[500]]);
    expect(typed.questions[1]).toBe(skipping);
  });

  it('pasted options go after the existing ones, in order', () => {
    const { draft, choice } = draftWith(2);
    const pasted = draftReducer(draft, {
      type: 'optionsPasted',
      questionKey: choice.key,
      options: [
        { value: 'a', descriptionXk: 'A', descriptionEn: '', descriptionSr: '' },
        { value: 'b', descriptionXk: 'B', descriptionEn: 'Bee', descriptionSr: '' },
      ],
    });
    const options = pasted.questions[0]!.options;
    expect(options.map((option) => [option.value, option.optionOrder])).toEqual([
      ['v1', 1],
      ['v2', 2],
      ['a', 3],
      ['b', 4],
    ]);
    expect(options[3]).toMatchObject({ id: null, descriptionEn: 'Bee', isDeleted: false });
  });

  it('pasting into a new question replaces the blank option it started with', () => {
    const question = withType(addQuestion([], null).added, 'DROPDOWN');
    const draft: EditorDraft = { ...emptyDraft(), questions: [question] };
    const pasted = draftReducer(draft, {
      type: 'optionsPasted',
      questionKey: question.key,
      options: [{ value: 'Po', descriptionXk: '', descriptionEn: '', descriptionSr: '' }],
    });
    expect(pasted.questions[0]!.options.map((option) => option.value)).toEqual(['Po']);
  });

  it('deleting a question lists the skip logic it cleared, and a reload from the server starts the list afresh', () => {
    const { draft, choice, skipping } = draftWith(1);
    const removed = draftReducer(draft, { type: 'questionRemoved', key: choice.key });

    expect(removed.questions).toHaveLength(1);
    expect(removed.questions[0]).toMatchObject({ key: skipping.key, questionNr: '1' });
    expect(removed.questions[0]!.options[0]).toMatchObject({ validateType: 'NEXT_QUESTION', toQuestionNr: '' });
    expect(removed.clearedReferences).toEqual([
      { questionKey: skipping.key, optionKey: skipping.options[0]!.key, kind: 'skipTarget', deletedNr: '1' },
    ]);
    expect(draftReducer(removed, { type: 'replaced', draft: emptyDraft() }).clearedReferences).toEqual([]);
  });
});
