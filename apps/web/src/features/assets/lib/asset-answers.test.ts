import { describe, expect, it } from 'vitest';
import { makeAnswer, makeQuestion, protectionSurvey } from '@/shared/testing/question-fixtures';
import { questionsById } from './answer-tree';
import {
  buildUpdateBody,
  changedAnswers,
  currentAnswer,
  editAnswer,
  storedAnswers,
  takesFreeText,
  visibleOptions,
  type AnswerEdits,
  type AnswerValue,
} from './asset-answers';

const setup = (answers: Array<[keyof ReturnType<typeof protectionSurvey>, string | null, string?]>) => {
  const survey = protectionSurvey();
  const questions = questionsById([survey.chapter]);
  const stored = storedAnswers(
    answers.map(([key, value, value2]) => makeAnswer(survey[key], value, value2 ?? null)),
    questions,
  );
  const context = { questions, stored };
  const offered = (edits: AnswerEdits, key: 'type' | 'features') =>
    visibleOptions(survey[key], questions, (id) => currentAnswer(id, stored, edits)).map((option) => option.value);
  return { survey, questions, stored, context, offered };
};

const answer = (value: string, value2 = ''): AnswerValue => ({ value, value2 });

describe('storedAnswers', () => {
  it('joins the options of a multiple choice into one comma-separated value, in option order', () => {
    const { stored, survey } = setup([
      ['features', 'Site'],
      ['features', 'Facade'],
      ['status', 'Protected'],
    ]);
    expect(stored.get(survey.features.id)).toEqual(answer('Facade,Site'));
    expect(stored.get(survey.status.id)).toEqual(answer('Protected'));
  });
});

describe('visibleOptions', () => {
  it('offers a conditional option only while its parent is answered with the condition value', () => {
    const { offered, survey, context } = setup([['status', 'Protected']]);
    expect(offered(new Map(), 'type')).toEqual(['Permanent', 'Temporary']);
    const pending = editAnswer(context, new Map(), survey.status.id, answer('Protection pending'));
    expect(offered(pending, 'type')).toEqual(['Listed']);
    expect(offered(pending, 'features')).toEqual(['Site']);
  });

  it('offers no conditional option while the parent is unanswered', () => {
    const { offered } = setup([]);
    expect(offered(new Map(), 'type')).toEqual([]);
  });
});

describe('editAnswer', () => {
  it('discards the edit of a dependent question when its parent answer changes', () => {
    const { context, survey, stored } = setup([
      ['status', 'Protected'],
      ['type', 'Permanent'],
    ]);
    const typeEdited = editAnswer(context, new Map(), survey.type.id, answer('Temporary'));
    expect(typeEdited.get(survey.type.id)).toEqual(answer('Temporary'));
    // Back to 'Protected' through another answer: the stored 'Permanent' is offered again and stays.
    const pending = editAnswer(context, typeEdited, survey.status.id, answer('Protection pending'));
    const protectedAgain = editAnswer(context, pending, survey.status.id, answer('Protected'));
    expect(protectedAgain.has(survey.type.id)).toBe(false);
    expect(currentAnswer(survey.type.id, stored, protectedAgain)).toEqual(answer('Permanent'));
  });

  it('clears a stored dependent answer the new parent answer no longer offers, keeping what is still offered', () => {
    const { context, survey, stored } = setup([
      ['status', 'Protected'],
      ['type', 'Permanent'],
      ['features', 'Facade'],
      ['features', 'Site'],
    ]);
    const edits = editAnswer(context, new Map(), survey.status.id, answer('Not protected'));
    expect(currentAnswer(survey.type.id, stored, edits)).toEqual(answer(''));
    expect(currentAnswer(survey.features.id, stored, edits)).toEqual(answer('Site'));
  });

  it('keeps no edit for an answer typed back to the stored one', () => {
    const { context, survey } = setup([['note', 'Old roof']]);
    const typed = editAnswer(context, new Map(), survey.note.id, answer('Old roof '));
    expect(typed.get(survey.note.id)).toEqual(answer('Old roof '));
    expect(editAnswer(context, typed, survey.note.id, answer('Old roof')).size).toBe(0);
  });

  it('leaves dependents alone when an answer is re-chosen unchanged', () => {
    const { context, survey } = setup([['status', 'Protected']]);
    const typeEdited = editAnswer(context, new Map(), survey.type.id, answer('Temporary'));
    const again = editAnswer(context, typeEdited, survey.status.id, answer('Protected'));
    expect(again.get(survey.type.id)).toEqual(answer('Temporary'));
  });
});

describe('changedAnswers', () => {
  it('lists only answers that differ from the stored ones, trimmed, blank as none', () => {
    const { context, survey, questions, stored } = setup([
      ['status', 'Protected'],
      ['note', 'Old roof'],
    ]);
    let edits = editAnswer(context, new Map(), survey.note.id, answer('  New roof '));
    edits = editAnswer(context, edits, survey.features.id, answer('Site,Facade'));
    edits = editAnswer(context, edits, survey.status.id, answer('Protected'));
    expect(changedAnswers(questions, stored, edits)).toEqual([
      { questionId: survey.note.id, value: 'New roof', value2: null },
      { questionId: survey.features.id, value: 'Facade,Site', value2: null },
    ]);
  });

  it("sends free text only with SELECT_AND_TEXT or a chosen 'other' option", () => {
    const material = makeQuestion({ id: 20, questionNr: '2', title: 'Material' }, [
      { value: 'Stone' },
      { value: 'Other', isAnother: true },
    ]);
    const questions = questionsById([material]);
    expect(takesFreeText(material, answer('Other'))).toBe(true);
    expect(takesFreeText(material, answer('Stone'))).toBe(false);
    const edits = new Map([[material.id, answer('Stone', 'Adobe')]]);
    expect(changedAnswers(questions, new Map(), edits)).toEqual([{ questionId: 20, value: 'Stone', value2: null }]);
  });
});

describe('buildUpdateBody', () => {
  const asset = { comments: 'Checked', datasetId: 1, version: 4 };

  it('is null when nothing changed', () => {
    const { questions, stored } = setup([]);
    expect(buildUpdateBody(asset, { comments: 'Checked ', datasetId: 1, answers: new Map() }, questions, stored)).toBe(
      null,
    );
  });

  it('names the version read and only what changed', () => {
    const { questions, stored, context, survey } = setup([]);
    const answers = editAnswer(context, new Map(), survey.note.id, answer('Roof repaired'));
    expect(buildUpdateBody(asset, { comments: '', datasetId: 2, answers }, questions, stored)).toEqual({
      version: 4,
      comments: null,
      datasetId: 2,
      answers: [{ questionId: survey.note.id, value: 'Roof repaired', value2: null }],
    });
    expect(buildUpdateBody(asset, { answers }, questions, stored)).toEqual({
      version: 4,
      answers: [{ questionId: survey.note.id, value: 'Roof repaired', value2: null }],
    });
  });
});
