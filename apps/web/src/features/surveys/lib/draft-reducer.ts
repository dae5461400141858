import type { QuestionCategory, QuestionType } from '@trashegimia/contract/questions';
import type { PastedOption } from './paste-options';
import {
  addImportedQuestions,
  moveQuestion,
  moveQuestionInto,
  nextOptionOrder,
  removeQuestion,
  withCategory,
  withType,
} from './question-tree';
import {
  blankOption,
  optionBody,
  snapshot,
  type DraftOption,
  type DraftQuestion,
  type DraftSurvey,
  type EditorDraft,
} from './survey-draft';

/** What the survey fields form may change. */
export type SurveyChanges = Partial<Omit<DraftSurvey, 'id' | 'saved'>>;
/** What a question card may change directly (category and type have their own rules). */
export type QuestionChanges = Partial<
  Pick<
    DraftQuestion,
    | 'titleXk'
    | 'titleEn'
    | 'titleSr'
    | 'hintXk'
    | 'hintEn'
    | 'hintSr'
    | 'questionIdentifier'
    | 'required'
    | 'limMin'
    | 'limMax'
    | 'questionGroupId'
    | 'questionOptionsId'
  >
>;
export type OptionChanges = Partial<Omit<DraftOption, 'key' | 'id' | 'saved' | 'isDeleted'>>;

export type DraftAction =
  | { type: 'replaced'; draft: EditorDraft }
  | { type: 'surveyChanged'; changes: SurveyChanges }
  | { type: 'questionAdded'; question: DraftQuestion }
  | { type: 'questionChanged'; key: string; changes: QuestionChanges }
  | { type: 'categoryChanged'; key: string; category: QuestionCategory }
  | { type: 'typeChanged'; key: string; questionType: QuestionType }
  | { type: 'questionMoved'; key: string; direction: 'up' | 'down' }
  | { type: 'questionMovedInto'; key: string; parentKey: string | null }
  | { type: 'questionRemoved'; key: string }
  | { type: 'questionsImported'; questions: DraftQuestion[] }
  | { type: 'optionAdded'; questionKey: string; option?: DraftOption }
  | { type: 'optionsPasted'; questionKey: string; options: PastedOption[] }
  | { type: 'optionChanged'; questionKey: string; optionKey: string; changes: OptionChanges }
  | { type: 'optionRemoved'; questionKey: string; optionKey: string }
  | { type: 'optionMarkedDeleted'; questionKey: string; optionKey: string };

// A keystroke in one option of a thousand replaces that option and the arrays holding it, nothing more.
const updateQuestion = (draft: EditorDraft, key: string, update: (question: DraftQuestion) => DraftQuestion) => {
  const index = draft.questions.findIndex((question) => question.key === key);
  return index < 0 ? draft : { ...draft, questions: draft.questions.with(index, update(draft.questions[index]!)) };
};

const updateOptions = (
  draft: EditorDraft,
  questionKey: string,
  update: (options: DraftOption[], question: DraftQuestion) => DraftOption[],
) => updateQuestion(draft, questionKey, (question) => ({ ...question, options: update(question.options, question) }));

/** A new option nobody has written in yet. */
const isUntouchedBlank = (option: DraftOption) =>
  option.id === null &&
  option.conditionalParentKey === null &&
  snapshot(optionBody(option, null)) === snapshot(optionBody(blankOption(option.optionOrder), null));

/** The editor's working copy; every change goes through here. */
export const draftReducer = (draft: EditorDraft, action: DraftAction): EditorDraft => {
  switch (action.type) {
    case 'replaced':
      return action.draft;
    case 'surveyChanged':
      return { ...draft, survey: { ...draft.survey, ...action.changes } };
    case 'questionAdded':
      return { ...draft, questions: [...draft.questions, action.question] };
    case 'questionChanged':
      return updateQuestion(draft, action.key, (question) => {
        const changed = { ...question, ...action.changes };
        // Borrowing replaces the question's own options; giving it back its own starts from one blank option.
        if (
          action.changes.questionOptionsId !== undefined &&
          action.changes.questionOptionsId !== question.questionOptionsId
        ) {
          const ownAgain = action.changes.questionOptionsId === null;
          return { ...changed, options: ownAgain && changed.options.length === 0 ? [blankOption(1)] : changed.options };
        }
        return changed;
      });
    case 'categoryChanged':
      return updateQuestion(draft, action.key, (question) => withCategory(question, action.category));
    case 'typeChanged':
      return updateQuestion(draft, action.key, (question) => withType(question, action.questionType));
    case 'questionMoved':
      return { ...draft, questions: moveQuestion(draft.questions, action.key, action.direction) };
    case 'questionMovedInto':
      return { ...draft, questions: moveQuestionInto(draft.questions, action.key, action.parentKey) };
    case 'questionRemoved': {
      const { questions, cleared } = removeQuestion(draft.questions, action.key);
      return { ...draft, questions, clearedReferences: [...draft.clearedReferences, ...cleared] };
    }
    case 'questionsImported':
      return { ...draft, questions: addImportedQuestions(draft.questions, action.questions) };
    case 'optionAdded':
      return updateOptions(draft, action.questionKey, (options) => [
        ...options,
        action.option ?? blankOption(nextOptionOrder(options)),
      ]);
    case 'optionsPasted':
      return updateOptions(draft, action.questionKey, (options) => {
        // The one blank option a new question starts with makes way for the pasted ones.
        const kept = options.filter((option) => !isUntouchedBlank(option));
        const firstOrder = nextOptionOrder(options);
        return [...kept, ...action.options.map((pasted, index) => ({ ...blankOption(firstOrder + index), ...pasted }))];
      });
    case 'optionChanged':
      return updateOptions(draft, action.questionKey, (options) => {
        const index = options.findIndex((option) => option.key === action.optionKey);
        return index < 0 ? options : options.with(index, { ...options[index]!, ...action.changes });
      });
    case 'optionRemoved':
      return updateOptions(draft, action.questionKey, (options) =>
        options.filter((option) => option.key !== action.optionKey),
      );
    case 'optionMarkedDeleted':
      return updateOptions(draft, action.questionKey, (options) =>
        options.map((option) => (option.key === action.optionKey ? { ...option, isDeleted: true } : option)),
      );
  }
};
