import { holdsQuestions } from '@trashegimia/contract/questions';
import type { XlsFormQuestion } from '@trashegimia/contract/xlsform';

export type XlsFormCounts = { questions: number; required: number; chaptersAndGroups: number };

/** What a form would make, at a glance: its questions (how many required) and its chapters and groups. */
export const countXlsForm = (questions: XlsFormQuestion[]): XlsFormCounts =>
  questions.reduce(
    (counts, question) => {
      const below = countXlsForm(question.children);
      const holder = holdsQuestions(question.questionCategory);
      return {
        questions: counts.questions + below.questions + (holder ? 0 : 1),
        required: counts.required + below.required + (question.required ? 1 : 0),
        chaptersAndGroups: counts.chaptersAndGroups + below.chaptersAndGroups + (holder ? 1 : 0),
      };
    },
    { questions: 0, required: 0, chaptersAndGroups: 0 },
  );
