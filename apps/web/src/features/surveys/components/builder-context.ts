import type { QuestionGroup } from '@trashegimia/contract/question-groups';
import { createContext, useContext, type Dispatch } from 'react';
import type { DraftAction } from '../lib/draft-reducer';
import type { DraftQuestion } from '../lib/survey-draft';

/** What every question card needs from the builder, without passing it through each level. */
export type BuilderContextValue = {
  surveyId: number;
  questions: DraftQuestion[];
  /** Sub-questions by parent key ('' for the top level), by number. */
  tree: Map<string, DraftQuestion[]>;
  groups: QuestionGroup[];
  dispatch: Dispatch<DraftAction>;
  /** A question or option just added, whose first field takes the focus when it appears. */
  focusKey: string | null;
  setFocusKey: (key: string | null) => void;
  onAddQuestion: (parentKey: string | null, category?: 'PARENT' | 'CHAPTER' | 'GROUP') => void;
  onDeleteQuestion: (question: DraftQuestion) => void;
  /** The same function on every render, so option rows memoised on it stay put while another is edited. */
  onDeleteOption: (questionKey: string, optionKey: string) => void;
};

export const BuilderContext = createContext<BuilderContextValue | null>(null);

export const useBuilder = (): BuilderContextValue => {
  const context = useContext(BuilderContext);
  if (!context) throw new Error('useBuilder must be used inside <QuestionBuilder>');
  return context;
};
