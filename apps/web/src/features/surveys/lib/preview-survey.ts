import type { CollectSurvey } from '@trashegimia/contract/collect';
import { holdsQuestions, type QuestionNode, type QuestionOption } from '@trashegimia/contract/questions';
import { childrenByParent, optionsOf } from './question-tree';
import { optionBody, questionBody, surveyBody, type DraftQuestion, type EditorDraft } from './survey-draft';

/**
 * The editor's working copy as the field collector would receive it once saved, unsaved edits
 * included: every field goes through the body a save would send. Questions and options not saved
 * yet get stand-in ids, negative so that they never meet a saved one. The texts the server picks for
 * the request's language (`title`, `description`…) stay empty: the form picks each language's own.
 */
export const previewSurvey = (draft: EditorDraft): CollectSurvey => {
  let lastStandIn = 0;
  const standIn = () => (lastStandIn -= 1);
  const idByKey = new Map(draft.questions.map((question) => [question.key, question.id ?? standIn()]));
  const idOf = (key: string | null) => (key === null ? null : (idByKey.get(key) ?? null));
  const childrenOf = childrenByParent(draft.questions);
  const surveyId = draft.survey.id ?? standIn();
  const now = new Date().toISOString();

  // Borrowed options are listed under the question they belong to, as the server lists them.
  const optionsFor = (question: DraftQuestion): QuestionOption[] => {
    const owner = question.questionOptionsId ?? idOf(question.key)!;
    return [...optionsOf(draft.questions, question)]
      .sort((a, b) => a.optionOrder - b.optionOrder)
      .map((option) => ({
        id: option.id ?? standIn(),
        questionId: owner,
        ...optionBody(option, idOf(option.conditionalParentKey)),
        description: null,
        disclaimer: null,
      }));
  };

  const nodesUnder = (parentKey: string): QuestionNode[] =>
    (childrenOf.get(parentKey) ?? []).map((question, index) => ({
      id: idOf(question.key)!,
      surveyId,
      questionOrder: index + 1,
      ...questionBody(question, idOf(question.parentKey)),
      title: null,
      hint: null,
      options: holdsQuestions(question.questionCategory) ? [] : optionsFor(question),
      children: nodesUnder(question.key),
    }));

  return {
    survey: {
      id: surveyId,
      ...surveyBody(draft.survey),
      description: null,
      longDescription: null,
      insBy: null,
      insDate: now,
      ludBy: null,
      lud: now,
    },
    revision: 'preview',
    questions: nodesUnder(''),
    // The form finds a screen's group in the tree itself.
    questionGroups: [],
  };
};
