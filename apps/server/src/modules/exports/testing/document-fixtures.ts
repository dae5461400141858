import type { AnswerDetail, AssetDetail } from '@trashegimia/contract/assets';

/** Hand-made inputs for the renderers' tests: no database needed. */
export function answerDetail(
  overrides: Partial<AnswerDetail> & Pick<AnswerDetail, 'questionId' | 'questionNr'>,
): AnswerDetail {
  return {
    questionType: 'TEXT',
    questionIdentifier: null,
    optionId: null,
    value: null,
    value2: null,
    title: `Question ${overrides.questionNr}`,
    titleXk: `Pyetja ${overrides.questionNr}`,
    titleEn: `Question ${overrides.questionNr}`,
    titleSr: `Pitanje ${overrides.questionNr}`,
    optionDescription: null,
    optionDescriptionXk: null,
    optionDescriptionEn: null,
    optionDescriptionSr: null,
    ...overrides,
  };
}

export function assetDetail(overrides: Partial<AssetDetail> = {}): AssetDetail {
  return {
    id: '0b6f5c1e-6f0a-4c39-9d55-3f2a8a1b7c10',
    surveyId: 1,
    datasetId: 1,
    datasetName: 'Monumente',
    datasetNameXk: 'Monumente',
    datasetNameEn: 'Monuments',
    datasetNameSr: 'Spomenici',
    uniqueId: 'device-1-0001',
    name: 'Kulla e Jasharëve',
    municipality: 'Skënderaj',
    village: 'Prekaz i Poshtëm',
    assetType: null,
    usability: null,
    access: null,
    risk: null,
    riskLevel: 'medium',
    date: '2024-05-03T10:00:00.000Z',
    locationAlt: 42.7661,
    locationLong: 20.7853,
    status: 'APPROVED',
    comments: null,
    adminNote: null,
    userId: null,
    deviceId: null,
    viewCount: 0,
    photoUrl: null,
    mediaTypes: [],
    answers: [
      answerDetail({
        questionId: 1,
        questionNr: '1.1',
        value: 'Kulla e Jasharëve',
        title: 'Emri i asetit',
        titleXk: 'Emri i asetit',
      }),
      answerDetail({
        questionId: 2,
        questionNr: '1.2',
        questionType: 'MULTIPLE_CHOICE',
        optionId: 10,
        value: 'gur',
        title: 'Materiali ndërtimor',
        titleXk: 'Materiali ndërtimor',
        optionDescription: 'Gur i latuar',
        optionDescriptionXk: 'Gur i latuar',
      }),
      answerDetail({
        questionId: 2,
        questionNr: '1.2',
        questionType: 'MULTIPLE_CHOICE',
        optionId: 11,
        value: 'dru',
        title: 'Materiali ndërtimor',
        titleXk: 'Materiali ndërtimor',
        optionDescription: 'Dru',
        optionDescriptionXk: 'Dru',
      }),
      answerDetail({
        questionId: 3,
        questionNr: '2.1',
        questionType: 'SELECT_AND_TEXT',
        optionId: 20,
        value: 'tjeter',
        value2: 'çati e rrënuar',
        title: 'Gjendja',
        titleXk: 'Gjendja',
        optionDescription: 'Tjetër',
        optionDescriptionXk: 'Tjetër',
      }),
      answerDetail({ questionId: 4, questionNr: '2.2', value: '   ' }),
    ],
    ...overrides,
  };
}

/** The licence a default install offers its data under (DATA_LICENCE_NAME, DATA_LICENCE_URL). */
export const LICENCE = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' };

/** The terms a file names: that licence, and a dataset last updated on 10 January 2025. */
export const TERMS = { licence: LICENCE, lastUpdate: new Date('2025-01-10T12:00:00Z') };
