import type { AnswerDetail } from '@trashegimia/contract/assets';
import type { Language } from '@/shared/i18n/language';
import { pickLocalized } from '@/shared/i18n/localized-text';

export type AnswerRow = { questionId: number; title: string; values: string[] };

/** The answer's text: the option description in the interface language (else its value), then value2. */
const answerText = (answer: AnswerDetail, language: Language) => {
  const main = pickLocalized(answer, 'optionDescription', language) ?? answer.value?.trim() ?? '';
  const extra = answer.value2?.trim();
  return [main, extra].filter(Boolean).join(' — ');
};

/** One row per question; a multiple-choice question's options are listed together. */
export const groupAnswers = (answers: AnswerDetail[], language: Language): AnswerRow[] => {
  const rows: AnswerRow[] = [];
  for (const answer of answers) {
    const text = answerText(answer, language);
    const last = rows.at(-1);
    if (last && last.questionId === answer.questionId) {
      if (text) last.values.push(text);
      continue;
    }
    const title = pickLocalized(answer, 'title', language) ?? answer.questionNr;
    rows.push({ questionId: answer.questionId, title, values: text ? [text] : [] });
  }
  return rows;
};
