import { describe, expect, it } from 'vitest';
import { makeCollectSurvey } from '../testing/collect-survey-fixtures';
import { makeSubmission } from '../testing/submission-fixtures';
import { submissionAssetName } from './outbox-names';

/** The fixture survey with its question 1.1 (id 11) as the one that names the asset. */
const namingSurvey = () => {
  const survey = makeCollectSurvey();
  survey.questions[0]!.children[0]!.questionIdentifier = 'ASSET_NAME';
  return survey.questions;
};

const sending = (answers: { questionId: number; value: string | null }[]) =>
  makeSubmission({
    body: { ...makeSubmission().body!, answers: answers.map((answer) => ({ ...answer, value2: null })) },
  });

describe("a submission's asset name", () => {
  it("is the answer it sends to the survey's asset name question, trimmed", () => {
    const submission = sending([
      { questionId: 21, value: 'Protected' },
      { questionId: 11, value: '  Kulla e Jasharëve ' },
    ]);
    expect(submissionAssetName(submission, namingSurvey())).toBe('Kulla e Jasharëve');
  });

  it('is none when the survey asks for no name, the name was left blank or nothing is built to send yet', () => {
    expect(
      submissionAssetName(sending([{ questionId: 11, value: 'Kulla' }]), makeCollectSurvey().questions),
    ).toBeNull();
    expect(submissionAssetName(sending([{ questionId: 11, value: '  ' }]), namingSurvey())).toBeNull();
    expect(submissionAssetName(sending([{ questionId: 21, value: 'Protected' }]), namingSurvey())).toBeNull();
    expect(submissionAssetName(makeSubmission({ body: null }), namingSurvey())).toBeNull();
  });
});
