import {
  holdsQuestions,
  type NewQuestionOption,
  type QuestionCategory,
  type QuestionIdentifier,
  type QuestionInput,
  type QuestionNode,
  type QuestionOption,
  type QuestionType,
  type ValidateType,
} from '@trashegimia/contract/questions';
import { SURVEY_STATE, type CreateSurveyBody, type Survey, type SurveyState } from '@trashegimia/contract/surveys';

/**
 * The survey editor's working copy: the survey's fields and its questions as a flat list (each
 * naming its parent), with what the server holds of each item kept beside it, so a save sends only
 * what changed and a save that failed part-way knows what already arrived.
 */
export type EditorDraft = {
  survey: DraftSurvey;
  questions: DraftQuestion[];
  /** Links that deleting a question cleared since the last save, for the editor to list. */
  clearedReferences: ClearedReference[];
};

/** An option's skip target or condition that pointed at a question since deleted. */
export type ClearedReference = {
  questionKey: string;
  optionKey: string;
  /** `skipTarget`: where NEXT_QUESTION went; `condition`: the question whose answer showed the option. */
  kind: 'skipTarget' | 'condition';
  /** The number the deleted question had. */
  deletedNr: string;
};

export type SurveyTexts = {
  descriptionXk: string;
  descriptionEn: string;
  descriptionSr: string;
  longDescriptionXk: string;
  longDescriptionEn: string;
  longDescriptionSr: string;
};

export type DraftSurvey = SurveyTexts & {
  /** Null until the survey is created. */
  id: number | null;
  surveyState: SurveyState;
  defaultDatasetId: number | null;
  /** The server's copy as a request body (see {@link snapshot}); null when it has none. */
  saved: string | null;
};

export type DraftOption = {
  /** Stable in the page: `o<id>` for a saved option, a generated key for a new one. */
  key: string;
  id: number | null;
  value: string;
  descriptionXk: string;
  descriptionEn: string;
  descriptionSr: string;
  validateType: ValidateType | null;
  toQuestionNr: string;
  disclaimerXk: string;
  disclaimerEn: string;
  disclaimerSr: string;
  /** The key of the question whose answer shows this option, which may not be saved yet. */
  conditionalParentKey: string | null;
  conditionalParentQuestionValue: string;
  isAnother: boolean;
  optionOrder: number;
  /** Spec §4: a saved option the server would not delete stays hidden here and is not saved again. */
  isDeleted: boolean;
  saved: string | null;
};

export type DraftQuestion = {
  /** Stable in the page: `q<id>` for a saved question; for a new one also its tempId. */
  key: string;
  id: number | null;
  questionNr: string;
  parentKey: string | null;
  questionCategory: QuestionCategory;
  questionType: QuestionType | null;
  titleXk: string;
  titleEn: string;
  titleSr: string;
  /** A line under the title that helps the collector answer. */
  hintXk: string;
  hintEn: string;
  hintSr: string;
  questionIdentifier: QuestionIdentifier | null;
  /** The collector must answer it (unless skip logic passes it by); never a chapter or group. */
  required: boolean;
  limMin: string;
  limMax: string;
  questionGroupId: number | null;
  /** A saved question whose options this one borrows (read-only here). */
  questionOptionsId: number | null;
  /** Its own options; empty while it borrows. */
  options: DraftOption[];
  saved: string | null;
};

const savedQuestionKey = (id: number) => `q${id}`;
const savedOptionKey = (id: number) => `o${id}`;

let keyCounter = 0;
/** A key for a new item, unique in this page (it also serves as the question's tempId). */
export const newKey = (kind: 'question' | 'option') => `new-${kind}-${Date.now().toString(36)}-${(keyCounter += 1)}`;

/** Requests carry trimmed texts and null for none, as the server stores them. */
const text = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** Compared as JSON: equal snapshots mean the server already holds exactly this. */
export const snapshot = (body: unknown) => JSON.stringify(body);

// ---- survey ----

export const surveyBody = (survey: DraftSurvey) =>
  ({
    surveyState: survey.surveyState,
    descriptionXk: text(survey.descriptionXk),
    descriptionEn: text(survey.descriptionEn),
    descriptionSr: text(survey.descriptionSr),
    longDescriptionXk: text(survey.longDescriptionXk),
    longDescriptionEn: text(survey.longDescriptionEn),
    longDescriptionSr: text(survey.longDescriptionSr),
    defaultDatasetId: survey.defaultDatasetId,
  }) satisfies CreateSurveyBody;

const draftSurveyFrom = (survey: Survey): DraftSurvey => {
  const draft: DraftSurvey = {
    id: survey.id,
    surveyState: survey.surveyState,
    defaultDatasetId: survey.defaultDatasetId,
    descriptionXk: survey.descriptionXk ?? '',
    descriptionEn: survey.descriptionEn ?? '',
    descriptionSr: survey.descriptionSr ?? '',
    longDescriptionXk: survey.longDescriptionXk ?? '',
    longDescriptionEn: survey.longDescriptionEn ?? '',
    longDescriptionSr: survey.longDescriptionSr ?? '',
    saved: null,
  };
  return { ...draft, saved: snapshot(surveyBody(draft)) };
};

/** A new survey: active, no texts (spec §4: the state is freely chosen). */
export const emptyDraft = (): EditorDraft => ({
  survey: {
    id: null,
    surveyState: SURVEY_STATE.ACTIVE,
    defaultDatasetId: null,
    descriptionXk: '',
    descriptionEn: '',
    descriptionSr: '',
    longDescriptionXk: '',
    longDescriptionEn: '',
    longDescriptionSr: '',
    saved: null,
  },
  questions: [],
  clearedReferences: [],
});

// ---- questions ----

/** The question as the upsert call carries it, without id or tempId; chapters and groups carry only number, titles and hints. */
export const questionBody = (question: DraftQuestion, parentId: number | null) => {
  const holder = holdsQuestions(question.questionCategory);
  return {
    questionNr: question.questionNr,
    questionParentId: parentId,
    questionCategory: question.questionCategory,
    questionType: holder ? null : question.questionType,
    titleXk: text(question.titleXk),
    titleEn: text(question.titleEn),
    titleSr: text(question.titleSr),
    hintXk: text(question.hintXk),
    hintEn: text(question.hintEn),
    hintSr: text(question.hintSr),
    questionIdentifier: holder ? null : question.questionIdentifier,
    required: !holder && question.required,
    limMin: holder ? null : text(question.limMin),
    limMax: holder ? null : text(question.limMax),
    questionGroupId: question.questionGroupId,
    questionOptionsId: holder ? null : question.questionOptionsId,
  } satisfies QuestionInput;
};

/** Whether the question's options are its own to change (not a chapter or group, not borrowed). */
export const ownsOptions = (question: Pick<DraftQuestion, 'questionCategory' | 'questionOptionsId'>) =>
  !holdsQuestions(question.questionCategory) && question.questionOptionsId === null;

export const optionBody = (option: DraftOption, conditionalParentId: number | null) =>
  ({
    value: option.value.trim(),
    descriptionXk: text(option.descriptionXk),
    descriptionEn: text(option.descriptionEn),
    descriptionSr: text(option.descriptionSr),
    validateType: option.validateType,
    toQuestionNr: option.validateType === 'NEXT_QUESTION' ? text(option.toQuestionNr) : null,
    disclaimerXk: text(option.disclaimerXk),
    disclaimerEn: text(option.disclaimerEn),
    disclaimerSr: text(option.disclaimerSr),
    conditionalParentQuestionId: conditionalParentId,
    conditionalParentQuestionValue: conditionalParentId === null ? null : text(option.conditionalParentQuestionValue),
    isAnother: option.isAnother,
    optionOrder: option.optionOrder,
  }) satisfies NewQuestionOption;

const draftOptionFrom = (option: QuestionOption): DraftOption => {
  const draft: DraftOption = {
    key: savedOptionKey(option.id),
    id: option.id,
    value: option.value,
    descriptionXk: option.descriptionXk ?? '',
    descriptionEn: option.descriptionEn ?? '',
    descriptionSr: option.descriptionSr ?? '',
    validateType: option.validateType,
    toQuestionNr: option.toQuestionNr ?? '',
    disclaimerXk: option.disclaimerXk ?? '',
    disclaimerEn: option.disclaimerEn ?? '',
    disclaimerSr: option.disclaimerSr ?? '',
    conditionalParentKey:
      option.conditionalParentQuestionId === null ? null : savedQuestionKey(option.conditionalParentQuestionId),
    conditionalParentQuestionValue: option.conditionalParentQuestionValue ?? '',
    isAnother: option.isAnother,
    optionOrder: option.optionOrder,
    isDeleted: false,
    saved: null,
  };
  return { ...draft, saved: snapshot(optionBody(draft, option.conditionalParentQuestionId)) };
};

const draftQuestionFrom = (node: QuestionNode): DraftQuestion => {
  const draft: DraftQuestion = {
    key: savedQuestionKey(node.id),
    id: node.id,
    questionNr: node.questionNr,
    parentKey: node.questionParentId === null ? null : savedQuestionKey(node.questionParentId),
    questionCategory: node.questionCategory,
    questionType: node.questionType,
    titleXk: node.titleXk ?? '',
    titleEn: node.titleEn ?? '',
    titleSr: node.titleSr ?? '',
    hintXk: node.hintXk ?? '',
    hintEn: node.hintEn ?? '',
    hintSr: node.hintSr ?? '',
    questionIdentifier: node.questionIdentifier,
    required: node.required,
    limMin: node.limMin ?? '',
    limMax: node.limMax ?? '',
    questionGroupId: node.questionGroupId,
    questionOptionsId: node.questionOptionsId,
    // Borrowed options belong to their source question, which lists them itself.
    options: node.questionOptionsId === null ? node.options.map(draftOptionFrom) : [],
    saved: null,
  };
  return { ...draft, saved: snapshot(questionBody(draft, node.questionParentId)) };
};

/** The server's tree as the editor's flat list, parents before their children. */
export const draftQuestionsFrom = (nodes: QuestionNode[]): DraftQuestion[] =>
  nodes.flatMap((node) => [draftQuestionFrom(node), ...draftQuestionsFrom(node.children)]);

export const draftFrom = (survey: Survey, questions: QuestionNode[]): EditorDraft => ({
  survey: draftSurveyFrom(survey),
  questions: draftQuestionsFrom(questions),
  clearedReferences: [],
});

export const blankOption = (optionOrder: number): DraftOption => ({
  key: newKey('option'),
  id: null,
  value: '',
  descriptionXk: '',
  descriptionEn: '',
  descriptionSr: '',
  validateType: null,
  toQuestionNr: '',
  disclaimerXk: '',
  disclaimerEn: '',
  disclaimerSr: '',
  conditionalParentKey: null,
  conditionalParentQuestionValue: '',
  isAnother: false,
  optionOrder,
  isDeleted: false,
  saved: null,
});

/** A new question: an ordinary text question with its one blank option, or an empty chapter or group. */
export const blankQuestion = (
  questionNr: string,
  parentKey: string | null,
  category: QuestionCategory = 'PARENT',
): DraftQuestion => {
  const holder = holdsQuestions(category);
  return {
    key: newKey('question'),
    id: null,
    questionNr,
    parentKey,
    questionCategory: category,
    questionType: holder ? null : 'TEXT',
    titleXk: '',
    titleEn: '',
    titleSr: '',
    hintXk: '',
    hintEn: '',
    hintSr: '',
    questionIdentifier: null,
    required: false,
    limMin: '',
    limMax: '',
    questionGroupId: null,
    questionOptionsId: null,
    options: holder ? [] : [blankOption(1)],
    saved: null,
  };
};

/** Options the page shows: not marked deleted. */
export const liveOptions = (options: DraftOption[]) => options.filter((option) => !option.isDeleted);

/** A new survey's fields as the blank form has them: leaving it untouched loses nothing. */
const blankSurveySnapshot = snapshot(surveyBody(emptyDraft().survey));

/** Whether anything differs from what the server holds, or for a new survey from the blank form. */
export const hasUnsavedChanges = (draft: EditorDraft): boolean => {
  const idOf = new Map(draft.questions.map((question) => [question.key, question.id]));
  const parentId = (key: string | null) => (key === null ? null : (idOf.get(key) ?? null));
  return (
    (draft.survey.saved ?? blankSurveySnapshot) !== snapshot(surveyBody(draft.survey)) ||
    draft.questions.some(
      (question) =>
        question.saved !== snapshot(questionBody(question, parentId(question.parentKey))) ||
        (ownsOptions(question) &&
          liveOptions(question.options).some(
            (option) => option.saved !== snapshot(optionBody(option, parentId(option.conditionalParentKey))),
          )),
    )
  );
};
