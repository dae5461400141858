import type { QuestionCategory, QuestionType } from '@trashegimia/contract/questions';
import {
  addImportedQuestions,
  moveQuestion,
  nextOptionOrder,
  removeQuestion,
  withCategory,
  withType,
} from './question-tree';
import { blankOption, type DraftOption, type DraftQuestion, type DraftSurvey, type EditorDraft } from './survey-draft';

/** What the survey fields form may change. */
export type SurveyChanges = Partial<Omit<DraftSurvey, 'id' | 'saved'>>;
/** What a question card may change directly (category and type have their own rules). */
export type QuestionChanges = Partial<
  Pick<
    DraftQuestion,
    | 'titleXk'
    | 'titleEn'
    | 'titleSr'
    | 'questionIdentifier'
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
  | { type: 'questionRemoved'; key: string }
  | { type: 'questionsImported'; questions: DraftQuestion[] }
  | { type: 'optionAdded'; questionKey: string; option?: DraftOption }
  | { type: 'optionChanged'; questionKey: string; optionKey: string; changes: OptionChanges }
  | { type: 'optionRemoved'; questionKey: string; optionKey: string }
  | { type: 'optionMarkedDeleted'; questionKey: string; optionKey: string };

const updateQuestion = (draft: EditorDraft, key: string, update: (question: DraftQuestion) => DraftQuestion) => ({
  ...draft,
  questions: draft.questions.map((question) => (question.key === key ? update(question) : question)),
});

const updateOptions = (
  draft: EditorDraft,
  questionKey: string,
  update: (options: DraftOption[], question: DraftQuestion) => DraftOption[],
) => updateQuestion(draft, questionKey, (question) => ({ ...question, options: update(question.options, question) }));

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
    case 'questionRemoved':
      return { ...draft, questions: removeQuestion(draft.questions, action.key) };
    case 'questionsImported':
      return { ...draft, questions: addImportedQuestions(draft.questions, action.questions) };
    case 'optionAdded':
      return updateOptions(draft, action.questionKey, (options) => [
        ...options,
        action.option ?? blankOption(nextOptionOrder(options)),
      ]);
    case 'optionChanged':
      return updateOptions(draft, action.questionKey, (options) =>
        options.map((option) => (option.key === action.optionKey ? { ...option, ...action.changes } : option)),
      );
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
