import type { AnswerDetail } from '@trashegimia/contract/assets';
import type { QuestionNode, QuestionOption } from '@trashegimia/contract/questions';

let nextOptionId = 9000;

/** A question of the survey tree in the contract's shape; `title` is used for all three languages. */
export const makeQuestion = (
  fields: Partial<Omit<QuestionNode, 'options'>> & { id: number; questionNr: string; title: string },
  options: Array<Partial<QuestionOption> & { value: string }> = [],
): QuestionNode => ({
  surveyId: 1,
  questionParentId: null,
  questionCategory: 'PARENT',
  questionType: options.length > 0 ? 'SINGLE_CHOICE' : 'TEXT',
  questionIdentifier: null,
  questionOrder: Number(fields.questionNr.split('.').at(-1)),
  required: false,
  limMin: null,
  limMax: null,
  questionGroupId: null,
  questionOptionsId: null,
  titleXk: fields.title,
  titleEn: fields.title,
  titleSr: fields.title,
  hint: null,
  hintXk: null,
  hintEn: null,
  hintSr: null,
  children: [],
  ...fields,
  options: options.map((option, index) => makeOption(fields.id, index, option)),
});

const makeOption = (
  questionId: number,
  index: number,
  fields: Partial<QuestionOption> & { value: string },
): QuestionOption => ({
  id: nextOptionId++,
  questionId,
  optionOrder: index + 1,
  validateType: null,
  toQuestionNr: null,
  conditionalParentQuestionId: null,
  conditionalParentQuestionValue: null,
  isAnother: false,
  description: fields.value,
  descriptionXk: fields.value,
  descriptionEn: fields.value,
  descriptionSr: fields.value,
  disclaimer: null,
  disclaimerXk: null,
  disclaimerEn: null,
  disclaimerSr: null,
  ...fields,
});

/** A chapter holding questions. */
export const makeChapter = (id: number, questionNr: string, title: string, children: QuestionNode[]): QuestionNode =>
  makeQuestion({
    id,
    questionNr,
    title,
    questionCategory: 'CHAPTER',
    questionType: null,
    children: children.map((child) => ({ ...child, questionParentId: id })),
  });

/** A stored answer row as GET /surveys/assets/{id} lists it. */
export const makeAnswer = (
  question: QuestionNode,
  value: string | null,
  value2: string | null = null,
): AnswerDetail => {
  const option = question.options.find((candidate) => candidate.value === value);
  return {
    questionId: question.id,
    questionNr: question.questionNr,
    questionType: question.questionType,
    questionIdentifier: question.questionIdentifier,
    optionId: option?.id ?? null,
    value,
    value2,
    title: question.titleEn,
    titleXk: question.titleXk,
    titleEn: question.titleEn,
    titleSr: question.titleSr,
    optionDescription: option?.descriptionEn ?? null,
    optionDescriptionXk: option?.descriptionXk ?? null,
    optionDescriptionEn: option?.descriptionEn ?? null,
    optionDescriptionSr: option?.descriptionSr ?? null,
  };
};

/**
 * The demo survey's legal chapter in small: 'Type of protection' offers three options only for
 * 'Protected' and one only for 'Protection pending'.
 */
export const protectionSurvey = () => {
  const status = makeQuestion({ id: 11, questionNr: '1.1', title: 'Protection status' }, [
    { value: 'Protected' },
    { value: 'Protection pending' },
    { value: 'Not protected' },
  ]);
  const onlyWhen = (value: string) => ({
    conditionalParentQuestionId: status.id,
    conditionalParentQuestionValue: value,
  });
  const type = makeQuestion({ id: 12, questionNr: '1.2', title: 'Type of protection' }, [
    { value: 'Permanent', ...onlyWhen('Protected') },
    { value: 'Temporary', ...onlyWhen('Protected') },
    { value: 'Listed', ...onlyWhen('Protection pending') },
  ]);
  const features = makeQuestion(
    { id: 13, questionNr: '1.3', title: 'Protected features', questionType: 'MULTIPLE_CHOICE' },
    [{ value: 'Facade', ...onlyWhen('Protected') }, { value: 'Interior', ...onlyWhen('Protected') }, { value: 'Site' }],
  );
  const note = makeQuestion({ id: 14, questionNr: '1.4', title: 'Notes' });
  const chapter = makeChapter(1, '1', 'Legal status', [status, type, features, note]);
  return { chapter, status, type, features, note };
};
