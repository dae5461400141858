import type { XlsFormQuestion } from '@trashegimia/contract/xlsform';

/** A question as an XLSForm dry run answers it: a plain TEXT question unless `fields` say otherwise. */
export const makeFormQuestion = (questionNr: string, fields: Partial<XlsFormQuestion> = {}): XlsFormQuestion => ({
  questionNr,
  questionCategory: 'PARENT',
  questionType: 'TEXT',
  name: `q${questionNr.replaceAll('.', '_')}`,
  titleXk: null,
  titleEn: null,
  titleSr: null,
  hintXk: null,
  hintEn: null,
  hintSr: null,
  questionIdentifier: null,
  required: false,
  limMin: null,
  limMax: null,
  options: [],
  children: [],
  ...fields,
});
