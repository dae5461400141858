import { describe, expect, it } from 'vitest';
import { makeChapter, makeQuestion, protectionSurvey } from '@/shared/testing/question-fixtures';
import { answerInputs, answerProblem, evaluateForm, problemInForm, visibleOptions, type DraftAnswers } from './answers';

const choose = (...choices: string[]) => ({ choices, text: '' });
const typed = (text: string) => ({ choices: [], text });

describe('conditional options', () => {
  it('offers an option only while the parent question is answered with its value', () => {
    const { chapter, status, type } = protectionSurvey();
    const { questionsById } = evaluateForm([chapter], {});
    const values = (answers: DraftAnswers) => visibleOptions(type, answers, questionsById).map((o) => o.value);
    expect(values({})).toEqual([]);
    expect(values({ [status.id]: choose('Protected') })).toEqual(['Permanent', 'Temporary']);
    expect(values({ [status.id]: choose('Protection pending') })).toEqual(['Listed']);
  });

  it('reads a typed parent answer as the server does, without the spaces around it', () => {
    const place = makeQuestion({ id: 1, questionNr: '1', title: 'Village', questionType: 'TEXT' });
    const house = makeQuestion({ id: 2, questionNr: '2', title: 'House' }, [
      { value: 'Kulla', conditionalParentQuestionId: place.id, conditionalParentQuestionValue: 'Isniq' },
    ]);
    const { questionsById } = evaluateForm([makeChapter(3, '3', 'Place', [place, house])], {});
    expect(visibleOptions(house, { [place.id]: typed(' Isniq ') }, questionsById).map((o) => o.value)).toEqual([
      'Kulla',
    ]);
  });

  it('drops a chosen option once the parent answer no longer allows it, and keeps the rest of a multiple choice', () => {
    const { chapter, status, type, features } = protectionSurvey();
    const form = evaluateForm([chapter], {
      [status.id]: choose('Protection pending'),
      [type.id]: choose('Permanent'),
      [features.id]: choose('Facade', 'Site'),
    });
    expect(form.answers[type.id]).toBeUndefined();
    expect(form.answers[features.id]).toEqual(choose('Site'));
  });
});

describe('skip logic', () => {
  const jumpSurvey = () => {
    const risk = makeQuestion({ id: 1, questionNr: '1', title: 'Risk' }, [
      { value: 'High' },
      { value: 'Low', validateType: 'NEXT_QUESTION', toQuestionNr: '3' },
      { value: 'Back', validateType: 'NEXT_QUESTION', toQuestionNr: '1' },
    ]);
    const threats = makeQuestion({ id: 2, questionNr: '2', title: 'Threats' });
    const chapter = makeChapter(3, '3', 'Legal', [
      makeQuestion({ id: 31, questionNr: '3.1', title: 'More?' }, [
        { value: 'Yes' },
        { value: 'No', validateType: 'END_SURVEY' },
      ]),
      makeQuestion({ id: 32, questionNr: '3.2', title: 'Details' }),
    ]);
    return [risk, threats, chapter];
  };

  it('jumps forward to the named question, leaving the ones between unanswered', () => {
    const form = evaluateForm(jumpSurvey(), { 1: choose('Low'), 2: typed('Fire'), 32: typed('x') });
    expect([...form.skipped]).toEqual([2]);
    expect(form.answers[2]).toBeUndefined();
    expect(form.answers[32]).toEqual(typed('x'));
  });

  it('ignores a jump backwards and ends the survey at END_SURVEY', () => {
    expect([...evaluateForm(jumpSurvey(), { 1: choose('Back') }).skipped]).toEqual([]);
    const ended = evaluateForm(jumpSurvey(), { 31: choose('No'), 32: typed('kept as typed') });
    expect([...ended.skipped]).toEqual([32]);
    expect(ended.answers[32]).toBeUndefined();
  });
});

describe('what holds the collector back', () => {
  it('does not hold the collector at a required choice whose options all wait on an answer not given', () => {
    const { chapter, status, type } = protectionSurvey();
    const required = { ...type, required: true };
    const tree = [{ ...chapter, children: chapter.children.map((node) => (node.id === type.id ? required : node)) }];
    expect(problemInForm(required, evaluateForm(tree, {}))).toBeNull();
    expect(problemInForm(required, evaluateForm(tree, { [status.id]: choose('Protected') }))).toEqual({
      kind: 'required',
    });
  });

  it('wants a number within the limits for TEXT and that many choices for MULTIPLE_CHOICE; blank meets them', () => {
    const year = makeQuestion({ id: 1, questionNr: '1', title: 'Year', limMin: '-6500', limMax: '2025' });
    const materials = makeQuestion(
      { id: 2, questionNr: '2', title: 'Materials', questionType: 'MULTIPLE_CHOICE', limMax: '2' },
      [{ value: 'Stone' }, { value: 'Wood' }, { value: 'Brick' }],
    );
    const note = makeQuestion({ id: 3, questionNr: '3', title: 'Note', limMin: 'a few words' });
    expect(answerProblem(year, typed('1450'))).toBeNull();
    expect(answerProblem(year, typed('-7000'))?.kind).toBe('number');
    expect(answerProblem(year, typed('soon'))?.kind).toBe('number');
    expect(answerProblem(year, typed(''))).toBeNull();
    expect(answerProblem(materials, choose('Stone', 'Wood'))).toBeNull();
    expect(answerProblem(materials, choose('Stone', 'Wood', 'Brick'))).toEqual({
      kind: 'count',
      limits: { min: null, max: 2 },
    });
    expect(answerProblem(note, typed('anything'))).toBeNull();
  });

  it('takes a number typed with a comma or a dot, and holds back text or a number outside the bounds', () => {
    const floors = makeQuestion({
      id: 1,
      questionNr: '1',
      title: 'Floors',
      questionType: 'NUMBER',
      limMin: '1',
      limMax: '12',
    });
    const area = makeQuestion({ id: 2, questionNr: '2', title: 'Area', questionType: 'NUMBER' });
    expect(answerProblem(floors, typed('3'))).toBeNull();
    expect(answerProblem(floors, typed('40'))).toEqual({ kind: 'number', limits: { min: 1, max: 12 } });
    expect(answerProblem(floors, typed('three'))).toEqual({ kind: 'number', limits: { min: 1, max: 12 } });
    expect(answerProblem(area, typed('12,5'))).toBeNull();
    expect(answerProblem(area, typed('12.5'))).toBeNull();
    expect(answerProblem(area, typed('about 12'))).toEqual({ kind: 'notNumber' });
  });

  it('takes a date only as a day that exists', () => {
    const visited = makeQuestion({ id: 1, questionNr: '1', title: 'Visited', questionType: 'DATE' });
    expect(answerProblem(visited, typed('2024-05-01'))).toBeNull();
    expect(answerProblem(visited, typed('2024-02-30'))).toEqual({ kind: 'notDate' });
  });

  it('holds back a required question left unanswered, but not one skip logic passes by', () => {
    const risk = makeQuestion({ id: 1, questionNr: '1', title: 'Risk' }, [
      { value: 'High' },
      { value: 'None', validateType: 'END_SURVEY' },
    ]);
    const threats = makeQuestion({ id: 2, questionNr: '2', title: 'Threats', required: true });
    const source = makeQuestion(
      { id: 3, questionNr: '3', title: 'Source', questionType: 'SELECT_AND_TEXT', required: true },
      [{ value: 'Archive' }],
    );
    const tree = [risk, threats, source];
    const problems = (answers: DraftAnswers) => {
      const form = evaluateForm(tree, answers);
      return tree
        .filter((question) => !form.skipped.has(question.id))
        .flatMap((question) => answerProblem(question, form.answers[question.id]) ?? []);
    };
    expect(problems({ 1: choose('High') })).toEqual([{ kind: 'required' }, { kind: 'required' }]);
    // Text alone is no answer to a choice question.
    expect(problems({ 1: choose('High'), 2: typed('Fire'), 3: typed('only text') })).toEqual([{ kind: 'required' }]);
    expect(problems({ 1: choose('None') })).toEqual([]);
  });
});

describe('answerInputs', () => {
  it('sends choices by value in option order, free text of an other option or SELECT_AND_TEXT in value2', () => {
    const name = makeQuestion({ id: 1, questionNr: '1', title: 'Name' });
    const materials = makeQuestion({ id: 2, questionNr: '2', title: 'Materials', questionType: 'MULTIPLE_CHOICE' }, [
      { value: 'Stone' },
      { value: 'Wood' },
      { value: 'Other', isAnother: true },
    ]);
    const kind = makeQuestion({ id: 3, questionNr: '3', title: 'Kind' }, [
      { value: 'A' },
      { value: 'Other', isAnother: true },
    ]);
    const source = makeQuestion({ id: 4, questionNr: '4', title: 'Source', questionType: 'SELECT_AND_TEXT' }, [
      { value: 'Archive' },
    ]);
    const tree = [name, materials, kind, source];
    const form = evaluateForm(tree, {
      1: typed(' Kulla e Jashar Pashës '),
      2: { choices: ['Other', 'Stone'], text: 'mud' },
      3: { choices: ['A'], text: 'left over from Other' },
      4: { choices: ['Archive'], text: 'file 12' },
    });
    expect(answerInputs(tree, form)).toEqual([
      { questionId: 1, value: 'Kulla e Jashar Pashës', value2: null },
      { questionId: 2, value: 'Stone,Other', value2: 'mud' },
      { questionId: 3, value: 'A', value2: null },
      { questionId: 4, value: 'Archive', value2: 'file 12' },
    ]);
  });

  it('sends a number with a decimal dot and a date as it is', () => {
    const area = makeQuestion({ id: 1, questionNr: '1', title: 'Area', questionType: 'NUMBER' });
    const visited = makeQuestion({ id: 2, questionNr: '2', title: 'Visited', questionType: 'DATE' });
    const tree = [area, visited];
    expect(answerInputs(tree, evaluateForm(tree, { 1: typed(' 12,5 '), 2: typed('2024-05-01') }))).toEqual([
      { questionId: 1, value: '12.5', value2: null },
      { questionId: 2, value: '2024-05-01', value2: null },
    ]);
  });

  it('sends nothing for a choice question answered only with text', () => {
    const source = makeQuestion({ id: 4, questionNr: '4', title: 'Source', questionType: 'SELECT_AND_TEXT' }, [
      { value: 'Archive' },
    ]);
    expect(answerInputs([source], evaluateForm([source], { 4: typed('only text') }))).toEqual([]);
  });
});
