import type { Executor } from '../../db/client';
import { cachedRead } from '../../db/cache';
import { questionOptions, questions } from '../../db/schema/index';
import {
  type AnswerRow,
  type AnswerTexts,
  type AnswerTuple,
  selectAnswerTextsOf,
  selectSurveyAnswerTexts,
} from './assets.repo';

/** Surveys whose texts are kept; one survey's questions and options take some tens of kB. */
const SURVEY_TEXTS = { maxEntries: 200 };

/**
 * Stored answers with the texts they are shown with. A survey's question and option texts are
 * read once and kept until those tables change, one copy for all its assets: joined to every
 * answer of every asset read, they were most of the database's work for a detail. An answer whose
 * question or option the survey does not offer (data from before an edit of the survey) has its
 * texts read apart.
 */
export async function answerRowsOf(db: Executor, surveyId: number, tuples: AnswerTuple[]): Promise<AnswerRow[]> {
  const ofSurvey = await cachedRead(
    db,
    'survey_answer_texts',
    String(surveyId),
    [questions, questionOptions],
    () => selectSurveyAnswerTexts(db, surveyId),
    SURVEY_TEXTS,
  );
  const strays = await straysOf(db, ofSurvey, tuples);
  return tuples.flatMap(([questionId, optionId, value, value2]) => {
    const question = ofSurvey.questions.get(questionId) ?? strays?.questions.get(questionId);
    // Answers cannot outlive their question (a foreign key); a read racing its deletion leaves it out.
    if (!question) return [];
    const option = optionId === null ? undefined : (ofSurvey.options.get(optionId) ?? strays?.options.get(optionId));
    return [
      {
        questionId,
        ...question,
        optionId,
        value,
        value2,
        optionOrder: option?.optionOrder ?? null,
        optionDescriptionXk: option?.optionDescriptionXk ?? null,
        optionDescriptionEn: option?.optionDescriptionEn ?? null,
        optionDescriptionSr: option?.optionDescriptionSr ?? null,
      },
    ];
  });
}

async function straysOf(db: Executor, known: AnswerTexts, tuples: AnswerTuple[]): Promise<AnswerTexts | undefined> {
  const questionIds = new Set<number>();
  const optionIds = new Set<number>();
  for (const [questionId, optionId] of tuples) {
    if (!known.questions.has(questionId)) questionIds.add(questionId);
    if (optionId !== null && !known.options.has(optionId)) optionIds.add(optionId);
  }
  if (questionIds.size === 0 && optionIds.size === 0) return undefined;
  return selectAnswerTextsOf(db, [...questionIds], [...optionIds]);
}
