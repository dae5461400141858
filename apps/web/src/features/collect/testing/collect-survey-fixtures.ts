import type { CollectSurvey } from '@trashegimia/contract/collect';
import { makeChapter, makeQuestion } from '@/shared/testing/question-fixtures';

/**
 * A small survey shaped like the demo's: a name and a year (with limits) on one screen, as they
 * share a question group; a protection status whose answer decides which kinds of protection are
 * offered (conditional options) and whose 'Not protected' skips them; a source with details.
 */
export const makeCollectSurvey = (): CollectSurvey => {
  // One question group: both on the first screen.
  const name = makeQuestion({ id: 11, questionNr: '1.1', title: 'Name of the asset', questionGroupId: 7 });
  const year = makeQuestion({
    id: 12,
    questionNr: '1.2',
    title: 'Year built',
    limMin: '-6500',
    limMax: '2025',
    questionGroupId: 7,
  });
  const status = makeQuestion({ id: 21, questionNr: '2.1', title: 'Protection status' }, [
    { value: 'Protected' },
    { value: 'Pending' },
    { value: 'Not protected', validateType: 'NEXT_QUESTION', toQuestionNr: '3' },
  ]);
  const onlyWhen = (value: string) => ({
    conditionalParentQuestionId: status.id,
    conditionalParentQuestionValue: value,
  });
  const kind = makeQuestion({ id: 22, questionNr: '2.2', title: 'Type of protection' }, [
    {
      value: 'Permanent',
      ...onlyWhen('Protected'),
      disclaimer: 'Attach the decision',
      disclaimerEn: 'Attach the decision',
    },
    { value: 'Listed', ...onlyWhen('Pending') },
  ]);
  const source = makeQuestion({ id: 31, questionNr: '3.1', title: 'Source', questionType: 'SELECT_AND_TEXT' }, [
    { value: 'Archive' },
    { value: 'Field' },
  ]);
  return {
    survey: {
      id: 1,
      surveyState: 1,
      defaultDatasetId: 1,
      insBy: 'admin',
      insDate: '2026-01-01T00:00:00.000Z',
      ludBy: 'admin',
      lud: '2026-01-01T00:00:00.000Z',
      description: 'Heritage survey',
      descriptionXk: 'Anketa e trashëgimisë',
      descriptionEn: 'Heritage survey',
      descriptionSr: 'Anketa nasleđa',
      longDescription: null,
      longDescriptionXk: null,
      longDescriptionEn: null,
      longDescriptionSr: null,
    },
    revision: 'r1',
    questions: [
      makeChapter(1, '1', 'Identification', [name, year]),
      makeChapter(2, '2', 'Legal status', [status, kind]),
      makeChapter(3, '3', 'Documentation', [source]),
    ],
    questionGroups: [],
  };
};
