import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CHOICE_TYPES, type QuestionNode, type QuestionOption } from '@trashegimia/contract/questions';
import type { TextSheet } from '../exports';
import { readWorkbook } from '../imports';
import { mapXlsForm } from './xlsform-reading';
import { questionName, writeXlsForm, type XlsFormSurveySource, xlsFormSheets } from './xlsform-writing';

// ---- a survey tree as GET /surveys/{id}/questions answers it ----

type Texts = [xk: string | null, en: string | null, sr: string | null];

const localized = <Field extends string>(field: Field, [xk, en, sr]: Texts) =>
  ({ [field]: xk, [`${field}Xk`]: xk, [`${field}En`]: en, [`${field}Sr`]: sr }) as Record<
    Field | `${Field}Xk` | `${Field}En` | `${Field}Sr`,
    string | null
  >;

/** Ids in the order questions are first named, so an option's condition can name its parent by number. */
const ids = new Map<string, number>();
const idOf = (questionNr: string) => ids.get(questionNr) ?? ids.set(questionNr, ids.size + 1).size;
let nextOptionId = 1;

type OptionFields = Partial<QuestionOption> & {
  value: string;
  texts?: Texts;
  disclaimers?: Texts;
  onlyWhen?: [string, string];
};

function question(
  questionNr: string,
  title: Texts,
  fields: Partial<QuestionNode> & { hints?: Texts } = {},
  options: OptionFields[] = [],
): QuestionNode {
  const id = idOf(questionNr);
  const { hints = [null, null, null], ...rest } = fields;
  return {
    id,
    surveyId: 7,
    questionNr,
    questionParentId: null,
    questionCategory: 'PARENT',
    questionType: 'TEXT',
    questionIdentifier: null,
    questionOrder: Number(questionNr.split('.').at(-1)),
    required: false,
    limMin: null,
    limMax: null,
    questionGroupId: null,
    questionOptionsId: null,
    ...localized('title', title),
    ...localized('hint', hints),
    children: [],
    ...rest,
    options: options.map(
      ({ texts = [null, null, null], disclaimers = [null, null, null], onlyWhen, ...option }, index) => ({
        id: nextOptionId++,
        questionId: id,
        optionOrder: index + 1,
        validateType: null,
        toQuestionNr: null,
        conditionalParentQuestionId: onlyWhen ? idOf(onlyWhen[0]) : null,
        conditionalParentQuestionValue: onlyWhen?.[1] ?? null,
        isAnother: false,
        ...localized('description', texts),
        ...localized('disclaimer', disclaimers),
        ...option,
      }),
    ),
  };
}

const holder =
  (questionCategory: 'CHAPTER' | 'GROUP') =>
  (questionNr: string, title: Texts, children: QuestionNode[] = []): QuestionNode =>
    question(questionNr, title, { questionCategory, questionType: null, children });
const chapter = holder('CHAPTER');
const group = holder('GROUP');

/** The option a text question keeps, as the editor makes it. */
const BLANK: OptionFields = { value: '' };

const survey: XlsFormSurveySource = {
  id: 7,
  lud: '2024-05-03T10:00:00.000Z',
  descriptionXk: 'Regjistri i trashëgimisë',
  descriptionEn: 'Heritage register',
  descriptionSr: 'Registar nasleđa',
};

/** Every kind of question, option, condition, skip, limit and group the editor makes. */
const everything = (): QuestionNode[] => [
  chapter(
    '1',
    ['Identifikimi', 'Identification', 'Identifikacija'],
    [
      question(
        '1.1',
        ['Emri i asetit', 'Name of the asset', 'Naziv dobra'],
        {
          questionIdentifier: 'ASSET_NAME',
          required: true,
          hints: ['Siç e njohin banorët', 'As the locals know it', 'Kako ga meštani znaju'],
        },
        [BLANK],
      ),
      question(
        '1.2',
        ['Komuna', 'Municipality', 'Opština'],
        { questionType: 'DROPDOWN', questionIdentifier: 'MUNICIPALITY_NAME', required: true },
        [
          { value: 'Prishtinë', texts: ['Prishtinë', 'Pristina', 'Priština'] },
          { value: 'Prizren', texts: ['Prizren', 'Prizren', 'Prizren'] },
        ],
      ),
      question(
        '1.3',
        ['Fshati', 'Village', null],
        { questionType: 'SINGLE_CHOICE', questionIdentifier: 'VILLAGE_NAME' },
        [
          { value: 'Gërmia', texts: ['Gërmia', null, null], onlyWhen: ['1.2', 'Prishtinë'] },
          { value: 'Zym', texts: ['Zym', 'Zym', null], onlyWhen: ['1.2', 'Prizren'] },
          { value: 'Tjetër vend', texts: ['Tjetër vend', 'Elsewhere', 'Drugo mesto'] },
        ],
      ),
      group(
        '1.4',
        ['Ndërtimi', 'Construction', 'Gradnja'],
        [
          question('1.4.1', ['Viti i ndërtimit', 'Year built', 'Godina izgradnje'], {
            questionType: 'NUMBER',
            limMin: '-6500',
            limMax: '2024',
            required: true,
            hints: ['Para erës sonë me minus', 'BC as negative', null],
          }),
          question('1.4.2', ['Data e vizitës', 'Date of the visit', 'Datum posete'], { questionType: 'DATE' }),
          group('1.4.3', ['Fotografoni fasadën', 'Photograph the façade', 'Fotografišite fasadu']),
        ],
      ),
    ],
  ),
  chapter(
    '2',
    ['Gjendja', 'Condition', 'Stanje'],
    [
      question(
        '2.1',
        ['A përdoret?', 'Is it in use?', 'Da li se koristi?'],
        { questionType: 'SINGLE_CHOICE', questionIdentifier: 'USABILITY', required: true },
        [
          { value: 'Po', texts: ['Po', 'Yes', 'Da'], validateType: 'CONTINUE' },
          { value: 'Jo', texts: ['Jo', 'No', 'Ne'], validateType: 'NEXT_QUESTION', toQuestionNr: '2.3' },
          {
            value: 'Rrënojë',
            texts: ['Rrënojë', 'Ruin', 'Ruševina'],
            validateType: 'END_SURVEY',
            disclaimers: ['Njoftoni institutin', 'Notify the institute', 'Obavestite zavod'],
          },
        ],
      ),
      question(
        '2.2',
        ['Materialet', 'Materials', 'Materijali'],
        { questionType: 'MULTIPLE_CHOICE', limMin: '1', limMax: '3' },
        [
          { value: 'Gur', texts: ['Gur', 'Stone', 'Kamen'] },
          { value: 'Dru', texts: ['Dru', 'Timber', 'Drvo'] },
          { value: 'other', texts: ['Tjetër (përshkruani)', 'Other (describe)', 'Drugo (opišite)'], isAnother: true },
        ],
      ),
      question(
        '2.3',
        ['Rreziku', 'Risk', 'Rizik'],
        { questionType: 'SELECT_AND_TEXT', questionIdentifier: 'RISK_LEVEL' },
        [
          { value: 'I ulët', texts: ['I ulët', 'Low', 'Nizak'] },
          {
            value: 'I lartë',
            texts: ['I lartë', 'High', 'Visok'],
            disclaimers: ['Njoftoni menjëherë', 'Notify at once', null],
          },
          {
            value: 'other',
            texts: ['Tjetër rrezik', 'Another risk', null],
            disclaimers: ['Përshkruani rrezikun', null, null],
            validateType: 'NEXT_QUESTION',
            toQuestionNr: '3.1',
            isAnother: true,
          },
        ],
      ),
      question(
        '2.4',
        ['Gjatësia në metra', 'Length in metres', 'Dužina u metrima'],
        { limMin: '0.5', limMax: '100', questionIdentifier: 'SIMPLE_QUESTION' },
        [BLANK],
      ),
    ],
  ),
  group(
    '3',
    ['Shënime', 'Notes', 'Beleške'],
    [question('3.1', ['Shënime të tjera', null, null], { hints: ['Çfarë nuk u pyet', null, null] }, [BLANK])],
  ),
  group('4', ['Faleminderit', 'Thank you', 'Hvala']),
];

/** A sheet's rows as header → cell, blank cells left out, so an expectation says only what is written. */
const filled = (sheet: TextSheet) =>
  sheet.rows.map((cells) =>
    Object.fromEntries(sheet.header.flatMap((column, index) => (cells[index] ? [[column, cells[index]]] : []))),
  );

const sheetsOf = (tree: QuestionNode[], source = survey) => {
  const [surveySheet, choices, settings] = xlsFormSheets(source, tree);
  return { survey: surveySheet!, choices: choices!, settings: settings! };
};

const sq = (column: string) => `${column}::Albanian (sq)`;
const en = (column: string) => `${column}::English (en)`;
const sr = (column: string) => `${column}::Serbian (sr)`;
const label = (xk: string, english?: string, serbian?: string) => ({
  [sq('label')]: xk,
  ...(english ? { [en('label')]: english } : {}),
  ...(serbian ? { [sr('label')]: serbian } : {}),
});

// ---- the sheets ----

describe('xlsFormSheets', () => {
  it('writes survey, choices and settings sheets with labels, hints and disclaimers in our three languages', () => {
    const sheets = xlsFormSheets(survey, everything());
    expect(sheets.map((sheet) => sheet.name)).toEqual(['survey', 'choices', 'settings']);
    expect(sheets[0]!.header).toEqual([
      'type',
      'name',
      'label::Albanian (sq)',
      'label::English (en)',
      'label::Serbian (sr)',
      'hint::Albanian (sq)',
      'hint::English (en)',
      'hint::Serbian (sr)',
      'required',
      'appearance',
      'constraint',
      'choice_filter',
      'identifier',
    ]);
    expect(sheets[1]!.header).toEqual([
      'list_name',
      'name',
      'label::Albanian (sq)',
      'label::English (en)',
      'label::Serbian (sr)',
      'disclaimer::Albanian (sq)',
      'disclaimer::English (en)',
      'disclaimer::Serbian (sr)',
      'condition',
      'skip',
      'skip_to',
    ]);
  });

  it('writes every question as the XLSForm row its type, group, limits, required flag and identifier make', () => {
    expect(filled(sheetsOf(everything()).survey)).toEqual([
      { type: 'begin_group', name: 'q1', ...label('Identifikimi', 'Identification', 'Identifikacija') },
      {
        type: 'text',
        name: 'q1_1',
        ...label('Emri i asetit', 'Name of the asset', 'Naziv dobra'),
        [sq('hint')]: 'Siç e njohin banorët',
        [en('hint')]: 'As the locals know it',
        [sr('hint')]: 'Kako ga meštani znaju',
        required: 'yes',
        identifier: 'ASSET_NAME',
      },
      {
        type: 'select_one q1_2_options',
        name: 'q1_2',
        ...label('Komuna', 'Municipality', 'Opština'),
        required: 'yes',
        appearance: 'minimal',
        identifier: 'MUNICIPALITY_NAME',
      },
      {
        type: 'select_one q1_3_options',
        name: 'q1_3',
        ...label('Fshati', 'Village'),
        choice_filter: "${q1_2} = condition or condition = ''",
        identifier: 'VILLAGE_NAME',
      },
      { type: 'begin_group', name: 'q1_4', ...label('Ndërtimi', 'Construction', 'Gradnja'), appearance: 'field-list' },
      {
        type: 'decimal',
        name: 'q1_4_1',
        ...label('Viti i ndërtimit', 'Year built', 'Godina izgradnje'),
        [sq('hint')]: 'Para erës sonë me minus',
        [en('hint')]: 'BC as negative',
        required: 'yes',
        constraint: '. >= -6500 and . <= 2024',
      },
      { type: 'date', name: 'q1_4_2', ...label('Data e vizitës', 'Date of the visit', 'Datum posete') },
      {
        type: 'note',
        name: 'q1_4_3',
        ...label('Fotografoni fasadën', 'Photograph the façade', 'Fotografišite fasadu'),
      },
      { type: 'end_group' },
      { type: 'end_group' },
      { type: 'begin_group', name: 'q2', ...label('Gjendja', 'Condition', 'Stanje') },
      {
        type: 'select_one q2_1_options',
        name: 'q2_1',
        ...label('A përdoret?', 'Is it in use?', 'Da li se koristi?'),
        required: 'yes',
        identifier: 'USABILITY',
      },
      {
        type: 'select_multiple q2_2_options or_other',
        name: 'q2_2',
        ...label('Materialet', 'Materials', 'Materijali'),
        constraint: 'count-selected(.) >= 1 and count-selected(.) <= 3',
      },
      {
        type: 'select_one q2_3_options or_other',
        name: 'q2_3',
        ...label('Rreziku', 'Risk', 'Rizik'),
        identifier: 'RISK_LEVEL',
      },
      {
        type: 'text',
        name: 'q2_4',
        ...label('Gjatësia në metra', 'Length in metres', 'Dužina u metrima'),
        constraint: '. >= 0.5 and . <= 100',
        identifier: 'SIMPLE_QUESTION',
      },
      { type: 'end_group' },
      { type: 'begin_group', name: 'q3', ...label('Shënime', 'Notes', 'Beleške'), appearance: 'field-list' },
      { type: 'text', name: 'q3_1', ...label('Shënime të tjera'), [sq('hint')]: 'Çfarë nuk u pyet' },
      { type: 'end_group' },
      { type: 'note', name: 'q4', ...label('Faleminderit', 'Thank you', 'Hvala') },
    ]);
  });

  it('lists each choice question’s options with their labels, disclaimers, conditions and skip targets by name', () => {
    expect(filled(sheetsOf(everything()).choices)).toEqual([
      { list_name: 'q1_2_options', name: 'Prishtinë', ...label('Prishtinë', 'Pristina', 'Priština') },
      { list_name: 'q1_2_options', name: 'Prizren', ...label('Prizren', 'Prizren', 'Prizren') },
      { list_name: 'q1_3_options', name: 'Gërmia', ...label('Gërmia'), condition: 'Prishtinë' },
      { list_name: 'q1_3_options', name: 'Zym', ...label('Zym', 'Zym'), condition: 'Prizren' },
      { list_name: 'q1_3_options', name: 'Tjetër vend', ...label('Tjetër vend', 'Elsewhere', 'Drugo mesto') },
      { list_name: 'q2_1_options', name: 'Po', ...label('Po', 'Yes', 'Da'), skip: 'continue' },
      { list_name: 'q2_1_options', name: 'Jo', ...label('Jo', 'No', 'Ne'), skip: 'next_question', skip_to: 'q2_3' },
      {
        list_name: 'q2_1_options',
        name: 'Rrënojë',
        ...label('Rrënojë', 'Ruin', 'Ruševina'),
        [sq('disclaimer')]: 'Njoftoni institutin',
        [en('disclaimer')]: 'Notify the institute',
        [sr('disclaimer')]: 'Obavestite zavod',
        skip: 'end_survey',
      },
      { list_name: 'q2_2_options', name: 'Gur', ...label('Gur', 'Stone', 'Kamen') },
      { list_name: 'q2_2_options', name: 'Dru', ...label('Dru', 'Timber', 'Drvo') },
      // or_other takes a list's own "other" as the option it stands for, labels and all.
      {
        list_name: 'q2_2_options',
        name: 'other',
        ...label('Tjetër (përshkruani)', 'Other (describe)', 'Drugo (opišite)'),
      },
      { list_name: 'q2_3_options', name: 'I ulët', ...label('I ulët', 'Low', 'Nizak') },
      {
        list_name: 'q2_3_options',
        name: 'I lartë',
        ...label('I lartë', 'High', 'Visok'),
        [sq('disclaimer')]: 'Njoftoni menjëherë',
        [en('disclaimer')]: 'Notify at once',
      },
      {
        list_name: 'q2_3_options',
        name: 'other',
        ...label('Tjetër rrezik', 'Another risk'),
        [sq('disclaimer')]: 'Përshkruani rrezikun',
        skip: 'next_question',
        skip_to: 'q3_1',
      },
    ]);
  });

  it('names the form after the survey, in Albanian by default, with a version that follows its last change', () => {
    expect(filled(sheetsOf(everything()).settings)).toEqual([
      {
        form_title: 'Regjistri i trashëgimisë',
        form_id: 'trashegimia_survey_7',
        version: '20240503100000',
        default_language: 'Albanian (sq)',
      },
    ]);
    const englishOnly = { ...survey, descriptionXk: null, descriptionSr: null };
    expect(filled(sheetsOf([], englishOnly).settings)[0]).toMatchObject({
      form_title: 'Heritage register',
      default_language: 'English (en)',
    });
    expect(filled(sheetsOf([], { ...englishOnly, descriptionEn: null }).settings)[0]).toEqual({
      form_id: 'trashegimia_survey_7',
      version: '20240503100000',
      default_language: 'Albanian (sq)',
    });
  });

  it('writes limits the survey checks as numbers as XPath numbers: a decimal comma as a point, 1e3 as 1000', () => {
    const tree = [
      question('1', ['Sipërfaqja', null, null], { questionType: 'NUMBER', limMin: '1,5', limMax: '1e3' }),
      question('2', ['Lartësia', null, null], { questionType: 'NUMBER', limMax: ' 12 ' }),
    ];
    const { survey: surveySheet, settings } = sheetsOf(tree);
    expect(filled(surveySheet).map((row) => row.constraint)).toEqual(['. >= 1.5 and . <= 1000', '. <= 12']);
    expect(settings.header).not.toContain('export_notes');
  });

  it('writes an "other" option of another value as "other", the value or_other gives it, and conditions on it too', () => {
    const tree = [
      question('1', ['Materialet', null, null], { questionType: 'MULTIPLE_CHOICE' }, [
        { value: 'Gur' },
        { value: 'Tjetër', texts: ['Tjetër (përshkruani)', 'Other (describe)', null], isAnother: true },
      ]),
      question('2', ['Cili material tjetër?', null, null], { questionType: 'SINGLE_CHOICE' }, [
        { value: 'Kashtë', onlyWhen: ['1', 'Tjetër'] },
        { value: 'Gur i latuar', onlyWhen: ['1', 'Gur'] },
      ]),
    ];
    const { survey: surveySheet, choices, settings } = sheetsOf(tree);
    expect(filled(surveySheet)[0]).toMatchObject({ type: 'select_multiple q1_options or_other' });
    expect(filled(choices)).toEqual([
      { list_name: 'q1_options', name: 'Gur' },
      { list_name: 'q1_options', name: 'other', ...label('Tjetër (përshkruani)', 'Other (describe)') },
      { list_name: 'q2_options', name: 'Kashtë', condition: 'other' },
      { list_name: 'q2_options', name: 'Gur i latuar', condition: 'Gur' },
    ]);
    expect(filled(settings)[0]!.export_notes).toBe(
      'q1: option 2 is written as "other", the value or_other gives the "other" answer',
    );
  });

  it('lists in the settings sheet what the file cannot hold, question by question', () => {
    const tree = [
      question('1', ['Lloji', null, null], { questionType: 'SINGLE_CHOICE' }, [{ value: 'Kullë' }, { value: 'Xhami' }]),
      question('2', ['Komuna', null, null], { questionType: 'SINGLE_CHOICE' }, [{ value: 'Pejë' }]),
      question('3', ['Pjesa', null, null], { questionType: 'SINGLE_CHOICE', limMin: '1' }, [
        { value: 'Frëngji', onlyWhen: ['1', 'Kullë'] },
        { value: 'Minare', onlyWhen: ['1', 'Xhami'] },
        { value: 'Çarshi', onlyWhen: ['2', 'Pejë'] },
        { value: 'Tjetër', isAnother: true },
      ]),
      question('4', ['Materialet', null, null], { questionType: 'MULTIPLE_CHOICE' }, [
        { value: 'other', isAnother: true },
        { value: 'Tjetër', isAnother: true },
      ]),
      question('5', ['Rreziku', null, null], { questionType: 'SELECT_AND_TEXT' }, [{ value: 'I lartë' }]),
      question('6', ['Shënime', null, null], { limMax: 'rreth 200 fjalë' }, [
        { value: '', validateType: 'END_SURVEY' },
      ]),
      question('7', ['Data', null, null], { questionType: 'DATE', limMin: '2020-01-01' }),
      chapter(
        '8',
        ['Kapitulli', null, null],
        [chapter('8.1', ['Nënkapitulli', null, null], [question('8.1.1', ['Emri', null, null])])],
      ),
    ];
    const { survey: surveySheet, choices, settings } = sheetsOf(tree);
    expect(filled(surveySheet)[2]).toMatchObject({ choice_filter: "${q1} = condition or condition = ''" });
    expect(filled(choices).filter((row) => row.list_name === 'q3_options')).toEqual([
      { list_name: 'q3_options', name: 'Frëngji', condition: 'Kullë' },
      { list_name: 'q3_options', name: 'Minare', condition: 'Xhami' },
      { list_name: 'q3_options', name: 'Çarshi' },
      { list_name: 'q3_options', name: 'Tjetër' },
    ]);
    expect(filled(settings)[0]!.export_notes!.split('\n')).toEqual([
      'q3: the limit "1" is not written; XLSForm bounds only the numbers of a text, number or multiple-choice answer',
      'q3: its options depend on several questions; only the conditions on q1 are written',
      'q3: option 4 is written as a plain choice, without the free text of an "other" answer',
      'q4: option 2 is written as a plain choice, without the free text of an "other" answer',
      'q5: or_other gives it an "other" option it does not have',
      'q6: its options are not written; XLSForm gives a text question none',
      'q6: the limit "rreth 200 fjalë" is not written; XLSForm bounds only the numbers of a text, number or multiple-choice answer',
      'q7: the limit "2020-01-01" is not written; XLSForm bounds only the numbers of a text, number or multiple-choice answer',
      'q8_1: a chapter inside another is read back as a group',
    ]);
  });

  it('keeps the notes within what a spreadsheet cell holds however many there are', () => {
    const tree = Array.from({ length: 150 }, (_, index) =>
      question(String(index + 1), ['Data', null, null], { questionType: 'DATE', limMin: 'sot' }),
    );
    const notes = filled(sheetsOf(tree).settings)[0]!.export_notes!.split('\n');
    expect(notes).toHaveLength(101);
    expect(notes.at(-1)).toBe('… and 50 more');
  });
});

// ---- back through the reader ----

type ReadQuestion = ReturnType<typeof mapXlsForm>['survey']['questions'][number];

/**
 * The tree as reading its XLSForm should give it: every field, options only on choice questions
 * (a text question's blank option is the editor's), conditions naming their question by number.
 */
function asRead(nodes: QuestionNode[], nrById: Map<number, string>): ReadQuestion[] {
  return nodes.map((node) => ({
    questionNr: node.questionNr,
    questionCategory: node.questionCategory,
    questionType: node.questionType,
    name: questionName(node.questionNr),
    titleXk: node.titleXk,
    titleEn: node.titleEn,
    titleSr: node.titleSr,
    hintXk: node.hintXk,
    hintEn: node.hintEn,
    hintSr: node.hintSr,
    questionIdentifier: node.questionIdentifier,
    required: node.required,
    limMin: node.limMin,
    limMax: node.limMax,
    options:
      node.questionType !== null && CHOICE_TYPES.includes(node.questionType)
        ? node.options.map((option) => ({
            value: option.value,
            descriptionXk: option.descriptionXk,
            descriptionEn: option.descriptionEn,
            descriptionSr: option.descriptionSr,
            disclaimerXk: option.disclaimerXk,
            disclaimerEn: option.disclaimerEn,
            disclaimerSr: option.disclaimerSr,
            isAnother: option.isAnother,
            validateType: option.validateType,
            toQuestionNr: option.toQuestionNr,
            conditionalParentQuestionNr:
              option.conditionalParentQuestionId === null ? null : nrById.get(option.conditionalParentQuestionId)!,
            conditionalParentQuestionValue: option.conditionalParentQuestionValue,
          }))
        : [],
    children: asRead(node.children, nrById),
  }));
}

const numbersById = (nodes: QuestionNode[], into = new Map<number, string>()) => {
  for (const node of nodes) {
    into.set(node.id, node.questionNr);
    numbersById(node.children, into);
  }
  return into;
};

async function workbookOf(tree: QuestionNode[]): Promise<Buffer> {
  const target = new PassThrough();
  const chunks: Buffer[] = [];
  target.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeXlsForm(target, survey, tree);
  return Buffer.concat(chunks);
}

describe('an exported XLSForm read back', () => {
  it('gives back the same survey: titles, types, options, skip logic, conditions, groups, identifiers, limits, required flags and hints', async () => {
    const tree = everything();
    const { survey: read, warnings } = mapXlsForm(await readWorkbook(await workbookOf(tree)));

    expect(warnings).toEqual([]);
    // XLSForm has one title: the description comes back in the form's default language only.
    expect(read).toMatchObject({ descriptionXk: survey.descriptionXk, descriptionEn: null, descriptionSr: null });
    expect(read.questions).toEqual(asRead(tree, numbersById(tree)));
  });

  it('brings an "other" option of another value back as "other", texts and dependent conditions with it', async () => {
    const tree = [
      question('1', ['Materialet', 'Materials', null], { questionType: 'MULTIPLE_CHOICE' }, [
        { value: 'Gur', texts: ['Gur', 'Stone', null] },
        { value: 'Tjetër', texts: ['Tjetër (përshkruani)', 'Other (describe)', null], isAnother: true },
      ]),
      question('2', ['Cili material tjetër?', null, null], { questionType: 'SINGLE_CHOICE' }, [
        { value: 'Kashtë', texts: ['Kashtë', null, null], onlyWhen: ['1', 'Tjetër'] },
      ]),
    ];
    const { survey: read } = mapXlsForm(await readWorkbook(await workbookOf(tree)));

    const [materials, which] = read.questions;
    expect(materials!.options[1]).toMatchObject({
      value: 'other',
      descriptionXk: 'Tjetër (përshkruani)',
      descriptionEn: 'Other (describe)',
      isAnother: true,
    });
    expect(which!.options[0]).toMatchObject({
      conditionalParentQuestionNr: '1',
      conditionalParentQuestionValue: 'other',
    });
  });

  it('points whoever imports the file again at the export’s notes on what it could not hold', async () => {
    const tree = [question('1', ['Data e vizitës', null, null], { questionType: 'DATE', limMin: 'pas vitit 2000' })];
    const { warnings } = mapXlsForm(await readWorkbook(await workbookOf(tree)));

    expect(warnings).toEqual([
      expect.objectContaining({
        sheet: 'settings',
        column: 'export_notes',
        message: expect.stringContaining('export_notes'),
      }),
    ]);
  });
});
