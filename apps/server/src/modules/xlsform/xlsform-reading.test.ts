import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../imports';
import { type MappedQuestion, mapXlsForm } from './xlsform-reading';

type Rows = (string | number | null)[][];

/** The form of these sheets (each its header row first), read as an upload is read. */
async function formOf(sheets: Record<string, Rows>) {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) workbook.addWorksheet(name).addRows(rows);
  return mapXlsForm(await readWorkbook(Buffer.from(await workbook.xlsx.writeBuffer())));
}

/** Each question as "number type-or-category name", in order, sub-questions after their chapter or group. */
const outline = (questions: MappedQuestion[]): string[] =>
  questions.flatMap((question) => [
    `${question.questionNr} ${question.questionType ?? question.questionCategory} ${question.name}`,
    ...outline(question.children),
  ]);

/** The question of that name, wherever it sits. */
function named(questions: MappedQuestion[], name: string): MappedQuestion {
  const found = findNamed(questions, name);
  if (!found) throw new Error(`no question is named ${name}`);
  return found;
}
function findNamed(questions: MappedQuestion[], name: string): MappedQuestion | undefined {
  for (const question of questions) {
    const found = question.name === name ? question : findNamed(question.children, name);
    if (found) return found;
  }
  return undefined;
}

/** Options by value, with only what a test looks at. */
const skipsOf = (question: MappedQuestion) =>
  Object.fromEntries(question.options.map((option) => [option.value, [option.validateType, option.toQuestionNr]]));
const conditionsOf = (question: MappedQuestion) =>
  question.options.map((option) => [
    option.value,
    option.conditionalParentQuestionNr,
    option.conditionalParentQuestionValue,
  ]);

/** A warning on the survey sheet: its row, its column and what its message says. */
const onSurvey = (row: number | null, column: string | null, message: RegExp) => ({
  sheet: 'survey',
  row,
  column,
  message: expect.stringMatching(message),
});
const onChoices = (row: number | null, column: string | null, message: RegExp) => ({
  ...onSurvey(row, column, message),
  sheet: 'choices',
});

const YES_NO: Rows = [
  ['list_name', 'name', 'label'],
  ['po_jo', 'po', 'Po'],
  ['po_jo', 'jo', 'Jo'],
];

describe('the XLSForm samples of the XLSForm project', () => {
  const sample = async (file: string) =>
    mapXlsForm(await readWorkbook(await readFile(new URL(`./testing/pyxform/${file}`, import.meta.url))));

  it('reads a group as a chapter, and a phone number as a text question, saying so', async () => {
    const { survey, warnings } = await sample('group.xlsx');
    expect(outline(survey.questions)).toEqual([
      '1 TEXT family_name',
      '2 CHAPTER father',
      '2.1 TEXT phone_number',
      '2.2 NUMBER age',
    ]);
    expect(named(survey.questions, 'father')).toMatchObject({ titleEn: 'Father', titleXk: null });
    expect(named(survey.questions, 'age')).toMatchObject({ titleEn: 'How old is your father?', required: false });
    expect(survey).toMatchObject({ descriptionXk: 'XLSForm', descriptionEn: null });
    expect(warnings).toEqual([onSurvey(4, 'type', /^Type "phone number" is made a text question$/)]);
  });

  it('reads texts of a column without a language as Albanian, and reports the Chinese labels once', async () => {
    const { survey, warnings } = await sample('field-list.xlsx');
    expect(outline(survey.questions)).toEqual(['1 CHAPTER name', '1.1 SINGLE_CHOICE table_list_question']);
    expect(named(survey.questions, 'table_list_question')).toMatchObject({
      titleEn: 'table list question',
      hintXk: 'hint',
      options: [
        { value: 'yes', descriptionXk: 'Yes', descriptionEn: null },
        { value: 'no', descriptionXk: 'No', descriptionEn: null },
      ],
    });
    expect(warnings).toEqual([onChoices(null, 'label::chinese', /chinese, which is none of the survey's languages/)]);
  });

  it('offers counties by the state answered and cities by the county, as choice_filter says', async () => {
    const { survey, warnings } = await sample('choice_filter_test.xlsx');
    expect(outline(survey.questions)).toEqual([
      '1 SINGLE_CHOICE state',
      '2 SINGLE_CHOICE county',
      '3 SINGLE_CHOICE city',
    ]);
    expect(survey.descriptionXk).toBe('cascading selects');
    expect(conditionsOf(named(survey.questions, 'state'))).toEqual([
      ['texas', null, null],
      ['washington', null, null],
    ]);
    expect(conditionsOf(named(survey.questions, 'county'))).toEqual([
      ['king', '1', 'washington'],
      ['pierce', '1', 'washington'],
      ['king', '1', 'texas'],
      ['cameron', '1', 'texas'],
    ]);
    expect(conditionsOf(named(survey.questions, 'city'))).toEqual([
      ['dumont', '2', 'king'],
      ['finney', '2', 'king'],
      ['brownsville', '2', 'cameron'],
      ['harlingen', '2', 'cameron'],
      ['seattle', '2', 'king'],
      ['redmond', '2', 'king'],
      ['tacoma', '2', 'pierce'],
      ['puyallup', '2', 'pierce'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('makes "or specify other" a choice with text, with an "other" option in our three languages', async () => {
    const { survey, warnings } = await sample('specify_other.xlsx');
    expect(survey.questions).toMatchObject([
      {
        questionNr: '1',
        questionType: 'SELECT_AND_TEXT',
        titleEn: 'What sex are you?',
        options: [
          { value: 'male', descriptionEn: 'Male', isAnother: false },
          { value: 'female', descriptionEn: 'Female', isAnother: false },
          { value: 'other', descriptionXk: 'Tjetër', descriptionEn: 'Other', descriptionSr: 'Drugo', isAnother: true },
        ],
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('reads text, integer and yes-or-no questions without a warning', async () => {
    const textAndInteger = await sample('text_and_integer.xlsx');
    expect(outline(textAndInteger.survey.questions)).toEqual(['1 TEXT your_name', '2 NUMBER your_age']);
    expect(textAndInteger.warnings).toEqual([]);

    const yesOrNo = await sample('yes_or_no_question.xlsx');
    expect(yesOrNo.survey.questions).toMatchObject([
      {
        questionType: 'SINGLE_CHOICE',
        titleEn: 'have you had a good day today?',
        options: [
          { value: 'yes', descriptionEn: 'yes' },
          { value: 'no', descriptionEn: 'no' },
        ],
      },
    ]);
    expect(yesOrNo.warnings).toEqual([]);
  });
});

describe('reading the question tree', () => {
  it('makes top-level groups chapters, nested and field-list groups groups, notes empty groups, numbered 1, 2, 2.1', async () => {
    const { survey, warnings } = await formOf({
      Survey: [
        ['Type', 'Name', 'Label', 'Appearance'],
        ['note', 'hyrje', 'Mirë se vini'],
        ['begin group', 'ndertesa', 'Ndërtesa'],
        ['text', 'emri', 'Emri'],
        ['begin_group', 'muret', 'Muret'],
        ['integer', 'lartesia', 'Lartësia'],
        ['end_group'],
        ['note', 'shenim', 'Shënim'],
        ['end group', 'ndertesa'],
        ['begin_group', 'ekrani', 'Një ekran', 'field-list'],
        ['date', 'data', 'Data'],
        ['end_group'],
      ],
    });
    expect(outline(survey.questions)).toEqual([
      '1 GROUP hyrje',
      '2 CHAPTER ndertesa',
      '2.1 TEXT emri',
      '2.2 GROUP muret',
      '2.2.1 NUMBER lartesia',
      '2.3 GROUP shenim',
      '3 GROUP ekrani',
      '3.1 DATE data',
    ]);
    expect(named(survey.questions, 'hyrje')).toMatchObject({
      titleXk: 'Mirë se vini',
      questionType: null,
      children: [],
    });
    expect(warnings).toEqual([]);
  });

  it('reads each type as the table says, and reports those made otherwise', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'appearance', 'parameters'],
        ['text', 'a'],
        ['integer', 'b'],
        ['decimal', 'c'],
        ['range', 'd', null, 'start=0 end=5 step=0.5'],
        ['range', 'e'],
        ['date', 'f'],
        ['datetime', 'g'],
        ['select_one po_jo', 'h'],
        ['select_one po_jo', 'i', 'minimal'],
        ['select one from po_jo', 'j', 'minimal horizontal'],
        ['select_multiple po_jo', 'k'],
        ['select all that apply from po_jo', 'l'],
        ['barcode', 'm'],
      ],
      choices: YES_NO,
    });
    expect(outline(survey.questions)).toEqual([
      '1 TEXT a',
      '2 NUMBER b',
      '3 NUMBER c',
      '4 NUMBER d',
      '5 NUMBER e',
      '6 DATE f',
      '7 DATE g',
      '8 SINGLE_CHOICE h',
      '9 DROPDOWN i',
      '10 DROPDOWN j',
      '11 MULTIPLE_CHOICE k',
      '12 MULTIPLE_CHOICE l',
      '13 TEXT m',
    ]);
    expect(named(survey.questions, 'd')).toMatchObject({ limMin: '0', limMax: '5' });
    // XLSForm's own defaults for a range.
    expect(named(survey.questions, 'e')).toMatchObject({ limMin: '1', limMax: '10' });
    expect(named(survey.questions, 'k').options.map((option) => option.value)).toEqual(['po', 'jo']);
    expect(warnings).toEqual([
      onSurvey(5, 'parameters', /^Only the range's start and end are kept; step=0.5 is left out$/),
      onSurvey(8, 'type', /^Type "datetime" is made a date question; its time is dropped$/),
      onSurvey(11, 'appearance', /^Appearance "horizontal" is left out/),
      onSurvey(14, 'type', /^Type "barcode" is made a text question$/),
    ]);
  });

  it('adds an "other" option for or_other, or takes the list’s own', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'appearance'],
        ['select_one material or_other', 'materiali'],
        ['select_multiple material or_other', 'materialet'],
        ['select_one me_tjeter or_other', 'tjeter'],
        ['select_one material or_other', 'lista', 'minimal'],
        ['select all that apply from material or specify other', 'fjalet'],
      ],
      choices: [
        ['list name', 'name', 'label'],
        ['material', 'guri', 'Gur'],
        ['material', 'druri', 'Dru'],
        ['me_tjeter', 'other', 'Diçka tjetër'],
      ],
    });
    expect(outline(survey.questions)).toEqual([
      '1 SELECT_AND_TEXT materiali',
      '2 MULTIPLE_CHOICE materialet',
      '3 SELECT_AND_TEXT tjeter',
      '4 SELECT_AND_TEXT lista',
      '5 MULTIPLE_CHOICE fjalet',
    ]);
    const other = {
      value: 'other',
      descriptionXk: 'Tjetër',
      descriptionEn: 'Other',
      descriptionSr: 'Drugo',
      isAnother: true,
    };
    expect(named(survey.questions, 'materiali').options).toMatchObject([{ value: 'guri' }, { value: 'druri' }, other]);
    expect(named(survey.questions, 'materialet').options).toMatchObject([{ value: 'guri' }, { value: 'druri' }, other]);
    expect(named(survey.questions, 'fjalet').options).toMatchObject([{ value: 'guri' }, { value: 'druri' }, other]);
    expect(named(survey.questions, 'tjeter').options).toMatchObject([
      { value: 'other', descriptionXk: 'Diçka tjetër', isAnother: true },
    ]);
    expect(warnings).toEqual([
      onSurvey(
        5,
        'appearance',
        /^Appearance "minimal" is left out: a survey has no such display for a select_one material or_other question$/,
      ),
    ]);
  });

  it('leaves out each type a survey cannot hold, naming its row, and asks a repeat once', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'label'],
        ['start', 'start'],
        ['calculate', 'bmi'],
        ['geopoint', 'vendi', 'Vendi'],
        ['begin_repeat', 'dhomat', 'Dhomat'],
        ['geoshape', 'forma'],
        ['text', 'dhoma', 'Dhoma'],
        ['end_repeat'],
        ['image', 'foto'],
        ['select_one_from_file vendet.csv', 'vendet'],
      ],
    });
    expect(outline(survey.questions)).toEqual(['1 GROUP dhomat', '1.1 TEXT dhoma']);
    expect(warnings).toEqual([
      onSurvey(2, 'type', /^Type "start" has no counterpart in a survey; "start" is left out$/),
      onSurvey(3, 'type', /^Type "calculate" has no counterpart in a survey; "bmi" is left out$/),
      onSurvey(4, 'type', /^Type "geopoint" .* "vendi" is left out$/),
      onSurvey(5, 'type', /^A repeat is asked once: "dhomat" is made a group$/),
      onSurvey(6, 'type', /^Type "geoshape" .* "forma" is left out$/),
      onSurvey(9, 'type', /^Type "image" .* "foto" is left out$/),
      onSurvey(10, 'type', /^Type "select_one_from_file vendet.csv" .* "vendet" is left out$/),
    ]);
  });

  it('numbers warnings by the rows the spreadsheet shows, blank rows counted', async () => {
    const { survey, warnings } = await formOf({
      survey: [['type', 'name'], [], ['text', 'a'], [], [], ['calculate', 'b'], ['text']],
    });
    expect(outline(survey.questions)).toEqual(['1 TEXT a']);
    expect(warnings).toEqual([
      onSurvey(6, 'type', /"b" is left out/),
      onSurvey(7, 'name', /^A row without a name is left out$/),
    ]);
  });

  it('keeps groups to the depth a question number allows, leaving deeper ones out and their questions in the group around them', async () => {
    const depth = 11;
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name'],
        ...Array.from({ length: depth }, (_, level) => ['begin_group', `g${level + 1}`]),
        ['text', 'deep'],
        ...Array.from({ length: depth }, () => ['end_group']),
        ['text', 'after'],
      ],
    });
    // Nine groups nest (1 … 1.1.1.1.1.1.1.1.1), and the question inside them has ten parts.
    expect(named(survey.questions, 'deep').questionNr).toBe('1.1.1.1.1.1.1.1.1.1');
    expect(named(survey.questions, 'after').questionNr).toBe('2');
    expect(findNamed(survey.questions, 'g10')).toBeUndefined();
    expect(warnings).toEqual([
      onSurvey(11, 'type', /^The group "g10" sits inside 9 others, .* at most 10 parts; it is left out/),
      onSurvey(12, 'type', /^The group "g11" sits inside 9 others, .* at most 10 parts; it is left out/),
    ]);
  });

  it('cuts texts longer than the editor keeps to its limits, saying so, and leaves out a choice whose name is too long', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'label::English (en)', 'hint'],
        ['select_one kinds', 'kind', 'K'.repeat(2500), 'H'.repeat(2001)],
      ],
      choices: [
        ['list_name', 'name', 'label'],
        ['kinds', 'kulla', 'L'.repeat(2000)],
        ['kinds', 'x'.repeat(1001), 'Too long a name'],
      ],
      settings: [['form_title'], ['T'.repeat(600)]],
    });
    const kind = named(survey.questions, 'kind');
    expect([kind.titleEn?.length, kind.hintXk?.length]).toEqual([2000, 2000]);
    expect(kind.options.map((option) => [option.value, option.descriptionXk?.length])).toEqual([['kulla', 2000]]);
    expect(survey.descriptionXk).toHaveLength(500);
    expect(warnings).toEqual([
      onSurvey(2, 'label::English (en)', /^The text is 2,500 characters long; it is cut to the 2,000 a survey keeps$/),
      onSurvey(2, 'hint', /^The text is 2,001 characters long; it is cut to the 2,000 a survey keeps$/),
      onChoices(3, 'name', /^A choice name of 1,001 characters is longer than the 1,000 .*; the choice is left out$/),
      { sheet: 'settings', row: 2, column: 'form_title', message: expect.stringMatching(/cut to the 500/) },
    ]);
  });

  it('reports rows without a type or a name, names used twice, and groups not ended or ended twice', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'label'],
        [null, null, 'Pa lloj'],
        ['begin_group', null, 'Pa emër'],
        ['text', 'a'],
        ['end_group'],
        ['end_group'],
        ['integer', 'a'],
        ['begin_group', 'kapitulli'],
        ['text', 'b'],
      ],
    });
    expect(outline(survey.questions)).toEqual(['1 TEXT a', '2 NUMBER a', '3 CHAPTER kapitulli', '3.1 TEXT b']);
    expect(warnings).toEqual([
      onSurvey(2, 'type', /^A row without a type is left out$/),
      onSurvey(3, 'name', /^A row without a name is left out$/),
      onSurvey(6, 'type', /^end_group without a group to end is left out$/),
      onSurvey(7, 'name', /^The name "a" is also that of row 4; .* mean that first one$/),
      onSurvey(8, 'type', /^The group "kapitulli" is never ended; it holds every row after it$/),
    ]);
  });

  it('makes a question required only for yes, true, true() or 1, and reports an expression', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'required'],
        ['text', 'a', 'yes'],
        ['text', 'b', 'TRUE'],
        ['text', 'c', 'true()'],
        ['text', 'd', 1],
        ['text', 'e', 'no'],
        ['text', 'f', 'false()'],
        ['text', 'g', "${a} = 'x'"],
        ['note', 'h', 'yes'],
      ],
    });
    const required = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((name) => named(survey.questions, name).required);
    expect(required).toEqual([true, true, true, true, false, false, false, false]);
    expect(warnings).toEqual([
      onSurvey(8, 'required', /^required "\$\{a\} = 'x'" is not read .*; the question is not required$/),
      onSurvey(9, 'required', /^required "yes" is left out: it does not apply to a note$/),
    ]);
  });

  it('reads numeric constraints as limits, strict ones included and reported, and reports any other', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'constraint'],
        ['integer', 'mosha', '. >= 1 and . <= 120'],
        ['decimal', 'gjatesia', '.<=5.5'],
        ['integer', 'kati', '. > 0'],
        ['text', 'kodi', '. >= -10 and . < 10'],
        ['select_multiple po_jo', 'disa', 'count-selected(.) <= 1'],
        ['text', 'emri', "regex(., '^[A-Z]')"],
        ['date', 'data', '. <= today()'],
        ['select_one po_jo', 'nje', '. >= 1'],
        ['integer', 'ose', '. < 0 or . > 10'],
      ],
      choices: YES_NO,
    });
    const limits = (name: string) => [named(survey.questions, name).limMin, named(survey.questions, name).limMax];
    expect(limits('mosha')).toEqual(['1', '120']);
    expect(limits('gjatesia')).toEqual([null, '5.5']);
    expect(limits('kati')).toEqual(['0', null]);
    expect(limits('kodi')).toEqual(['-10', '10']);
    expect(limits('disa')).toEqual([null, '1']);
    for (const name of ['emri', 'data', 'nje', 'ose']) expect(limits(name)).toEqual([null, null]);
    expect(warnings).toEqual([
      onSurvey(4, 'constraint', /^The constraint ". > 0" is read with its bounds included: ">" as ">=", "<" as "<="$/),
      onSurvey(5, 'constraint', /^The constraint ". >= -10 and . < 10" is read with its bounds included/),
      onSurvey(7, 'constraint', /^The constraint "regex\(\., '\^\[A-Z\]'\)" is left out: only bounds such as/),
      onSurvey(8, 'constraint', /^The constraint ". <= today\(\)" is left out/),
      onSurvey(9, 'constraint', /^The constraint ". >= 1" is left out/),
      onSurvey(10, 'constraint', /^The constraint ". < 0 or . > 10" is left out/),
    ]);
  });
});

describe('reading relevant and choice_filter', () => {
  it('makes the rows right after a single choice skip logic: the other options jump past them', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'relevant'],
        ['select_one po_jo', 'ka_kulm'],
        ['text', 'kulmi', "${ka_kulm} = 'po'"],
        ['begin_group', 'tjegullat', "${ka_kulm}='po'"],
        ['integer', 'sa', "${ka_kulm} = 'po'"],
        ['end_group'],
        ['select_one po_jo', 'ka_oborr'],
        ['text', 'oborri', "${ka_oborr} != 'po'"],
        ['select_one po_jo', 'ka_pus'],
        ['begin_group', 'kapitulli'],
        ['text', 'pusi', "selected(${ka_pus}, 'po')"],
        ['end_group'],
        ['text', 'fundi'],
      ],
      choices: YES_NO,
    });
    expect(outline(survey.questions)).toEqual([
      '1 SINGLE_CHOICE ka_kulm',
      '2 TEXT kulmi',
      '3 CHAPTER tjegullat',
      '3.1 NUMBER sa',
      '4 SINGLE_CHOICE ka_oborr',
      '5 TEXT oborri',
      '6 SINGLE_CHOICE ka_pus',
      '7 CHAPTER kapitulli',
      '7.1 TEXT pusi',
      '8 TEXT fundi',
    ]);
    expect(skipsOf(named(survey.questions, 'ka_kulm'))).toEqual({ po: [null, null], jo: ['NEXT_QUESTION', '4'] });
    expect(skipsOf(named(survey.questions, 'ka_oborr'))).toEqual({ po: ['NEXT_QUESTION', '6'], jo: [null, null] });
    // Not right after ka_pus: a text question's relevant elsewhere is left out.
    expect(skipsOf(named(survey.questions, 'ka_pus'))).toEqual({ po: [null, null], jo: [null, null] });
    expect(warnings).toEqual([
      onSurvey(
        11,
        'relevant',
        /^relevant "selected\(\$\{ka_pus\}, 'po'\)" is left out: only the rows right after ka_pus can be skipped/,
      ),
    ]);
  });

  it('ends the survey when nothing follows the rows a single choice skips', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'relevant'],
        ['begin_group', 'kapitulli'],
        ['select_one po_jo', 'vazhdo'],
        ['text', 'detaje', 'selected(${vazhdo}, "po")'],
        ['end_group'],
      ],
      choices: YES_NO,
    });
    expect(skipsOf(named(survey.questions, 'vazhdo'))).toEqual({ po: [null, null], jo: ['END_SURVEY', null] });
    expect(warnings).toEqual([]);
  });

  it('jumps to the next chapter when the skipped rows end their own', async () => {
    const { survey } = await formOf({
      survey: [
        ['type', 'name', 'relevant'],
        ['begin_group', 'pare'],
        ['select_one po_jo', 'vazhdo'],
        ['text', 'detaje', '${vazhdo} = "po"'],
        ['end_group'],
        ['begin_group', 'dyte'],
        ['text', 'tjeter'],
        ['end_group'],
      ],
      choices: YES_NO,
    });
    expect(skipsOf(named(survey.questions, 'vazhdo'))).toEqual({ po: [null, null], jo: ['NEXT_QUESTION', '2'] });
  });

  it('offers a choice question’s options only for the answer its relevant names, when it does not follow directly', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'relevant'],
        ['select_one po_jo', 'ka_mure'],
        ['text', 'emri'],
        ['select_multiple material', 'muret', "${ka_mure} = 'po'"],
        ['select_one material', 'kulmi', "${ka_mure} != 'po'"],
        ['select_multiple material', 'dyshemeja', "${nuk_ka} = 'po'"],
        ['text', 'shenim', "${muret} = 'guri'"],
        ['text', 'tjeter', "${ka_mure} = 'po' and ${emri} != ''"],
        ['text', 'vlera', "${ka_mure} = 'ndoshta'"],
      ],
      choices: [...YES_NO, ['material', 'guri', 'Gur'], ['material', 'druri', 'Dru']],
    });
    expect(conditionsOf(named(survey.questions, 'muret'))).toEqual([
      ['guri', '1', 'po'],
      ['druri', '1', 'po'],
    ]);
    expect(conditionsOf(named(survey.questions, 'kulmi'))).toEqual([
      ['guri', null, null],
      ['druri', null, null],
    ]);
    expect(warnings).toEqual([
      onSurvey(
        5,
        'relevant',
        /^relevant "\$\{ka_mure\} != 'po'" is left out: options can depend on ka_mure being answered a value, not another$/,
      ),
      onSurvey(6, 'relevant', /^relevant "\$\{nuk_ka\} = 'po'" is left out: nuk_ka is no question of the survey$/),
      onSurvey(7, 'relevant', /^relevant "\$\{muret\} = 'guri'" is left out: muret is not a single choice$/),
      onSurvey(8, 'relevant', /^relevant "\$\{ka_mure\} = 'po' and \$\{emri\} != ''" is left out: only \$\{q\} = 'v'/),
      onSurvey(9, 'relevant', /is left out: only the rows right after ka_mure can be skipped/),
    ]);
  });

  it('reports a relevant on an answer the single choice does not offer', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'relevant'],
        ['select_one po_jo', 'ka'],
        ['text', 'cka', "${ka} = 'ndoshta'"],
      ],
      choices: YES_NO,
    });
    expect(skipsOf(named(survey.questions, 'ka'))).toEqual({ po: [null, null], jo: [null, null] });
    expect(warnings).toEqual([onSurvey(3, 'relevant', /is left out: "ndoshta" is none of the options of ka$/)]);
  });

  it('offers filtered options only for the answer in their filter column, blank ones always', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'choice_filter', 'relevant'],
        ['select_one komunat', 'komuna'],
        ['select_one fshatrat', 'fshati', "${komuna} = komuna or komuna = ''"],
        ['select_multiple fshatrat', 'fshatrat', 'komuna=${komuna}'],
        ['select_one fshatrat', 'pa_kolone', '${komuna} = rajoni'],
        ['select_one fshatrat', 'pa_pyetje', '${askush} = komuna'],
        ['select_one fshatrat', 'shprehje', 'starts-with(name, ${komuna})'],
        ['text', 'teksti', '${komuna} = komuna'],
        ['select_one fshatrat', 'dyfish', '${komuna} = komuna', "${komuna} = 'peje'"],
      ],
      choices: [
        ['list_name', 'name', 'label', 'komuna'],
        ['komunat', 'prizren', 'Prizren'],
        ['komunat', 'peje', 'Pejë'],
        ['fshatrat', 'mamusha', 'Mamushë', 'prizren'],
        ['fshatrat', 'lubizhde', 'Lubizhdë', 'prizren'],
        ['fshatrat', 'rugove', 'Rugovë', 'peje'],
        ['fshatrat', 'kudo', 'Kudo'],
      ],
    });
    const filtered = [
      ['mamusha', '1', 'prizren'],
      ['lubizhde', '1', 'prizren'],
      ['rugove', '1', 'peje'],
      ['kudo', null, null],
    ];
    expect(conditionsOf(named(survey.questions, 'fshati'))).toEqual(filtered);
    expect(conditionsOf(named(survey.questions, 'fshatrat'))).toEqual(filtered);
    expect(conditionsOf(named(survey.questions, 'dyfish'))).toEqual(filtered);
    expect(conditionsOf(named(survey.questions, 'pa_kolone')).every(([, parent]) => parent === null)).toBe(true);
    expect(warnings).toEqual([
      onSurvey(
        5,
        'choice_filter',
        /^choice_filter "\$\{komuna\} = rajoni" is left out: the choices sheet has no column rajoni$/,
      ),
      onSurvey(6, 'choice_filter', /is left out: askush is no question of the survey$/),
      onSurvey(7, 'choice_filter', /^choice_filter "starts-with\(name, \$\{komuna\}\)" is left out: only/),
      onSurvey(
        8,
        'choice_filter',
        /^choice_filter "\$\{komuna\} = komuna" is left out: it does not apply to a text question$/,
      ),
      onSurvey(
        9,
        'relevant',
        /^relevant "\$\{komuna\} = 'peje'" is left out: its options already depend on its choice_filter$/,
      ),
    ]);
  });
});

describe('reading texts, settings and our own columns', () => {
  it('reads labels and hints in our three languages however the header names them, and reports another language once', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        [
          'type',
          'name',
          'label::Albanian (sq)',
          'Label:English',
          'label::srpski',
          'hint::Serbian (sr-Latn)',
          'label::Français (fr)',
          'hint::shqip',
        ],
        ['text', 'emri', 'Emri', 'Name', 'Ime', 'Puno ime', 'Nom', 'Emri i plotë'],
        ['text', 'mbiemri', 'Mbiemri', null, null, null, 'Nom de famille'],
      ],
      choices: [
        ['list_name', 'name', 'label::English (en)', 'label::Deutsch'],
        ['pa_perdorim', 'a', 'A', 'A'],
      ],
    });
    expect(named(survey.questions, 'emri')).toMatchObject({
      titleXk: 'Emri',
      titleEn: 'Name',
      titleSr: 'Ime',
      hintXk: 'Emri i plotë',
      hintEn: null,
      hintSr: 'Puno ime',
    });
    expect(named(survey.questions, 'mbiemri')).toMatchObject({ titleXk: 'Mbiemri', titleEn: null, titleSr: null });
    expect(warnings).toEqual([
      onSurvey(
        null,
        'label::Français (fr)',
        /^Column "label::Français \(fr\)" is in Français \(fr\), which is none of the survey's languages/,
      ),
      onChoices(null, 'label::Deutsch', /is in Deutsch, which is none/),
      onChoices(2, 'list_name', /^No question uses the list "pa_perdorim"; its choices are left out$/),
    ]);
  });

  it('reads texts without a language in the default language of the settings, and the form title as the description', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'label', 'label::English', 'hint'],
        ['text', 'emri', 'Name', 'Name again', 'Full name'],
      ],
      settings: [
        ['form_title', 'form_id', 'version', 'default_language', 'instance_name'],
        ['Heritage register', 'register', '2024050301', 'English (en)', 'concat(${emri})'],
        ['Another title'],
      ],
    });
    expect(survey).toMatchObject({ descriptionXk: null, descriptionEn: 'Heritage register', descriptionSr: null });
    expect(named(survey.questions, 'emri')).toMatchObject({ titleEn: 'Name', titleXk: null, hintEn: 'Full name' });
    expect(warnings).toEqual([
      onSurvey(
        null,
        'label::English',
        /^Column "label::English" gives the English label again, after column "label"; it is left out$/,
      ),
      {
        sheet: 'settings',
        row: null,
        column: 'instance_name',
        message: expect.stringMatching(/^Setting "instance_name" has no counterpart/),
      },
      {
        sheet: 'settings',
        row: 3,
        column: null,
        message: 'Only the first row of settings is read; this one is left out',
      },
    ]);
  });

  it('describes the survey by its form_id, or as XLSForm, and reads Albanian for a default language that is not ours', async () => {
    const byId = await formOf({
      survey: [
        ['type', 'name'],
        ['text', 'a'],
      ],
      settings: [['form_id'], ['regjistri']],
    });
    expect(byId.survey).toMatchObject({ descriptionXk: 'regjistri', descriptionEn: null });

    const unknown = await formOf({
      survey: [
        ['type', 'name', 'label'],
        ['text', 'a', 'Emri'],
      ],
      settings: [['default_language'], ['French (fr)']],
    });
    expect(unknown.survey).toMatchObject({ descriptionXk: 'XLSForm' });
    expect(named(unknown.survey.questions, 'a').titleXk).toBe('Emri');
    expect(unknown.warnings).toEqual([
      {
        sheet: 'settings',
        row: 2,
        column: 'default_language',
        message: expect.stringMatching(/^"French \(fr\)" is none of the survey's languages .* read as Albanian$/),
      },
    ]);
  });

  it('reads our identifier, disclaimer, skip and skip_to columns, skip_to naming a question', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'identifier'],
        ['text', 'emri', 'asset_name'],
        ['select_one gjendja', 'gjendja', 'USABILITY'],
        ['text', 'pershkrimi', 'DESCRIPTION'],
        ['begin_group', 'kapitulli', 'ASSET_TYPE'],
        ['text', 'fundi'],
        ['end_group'],
      ],
      choices: [
        ['list_name', 'name', 'label', 'disclaimer::English (en)', 'skip', 'skip_to'],
        ['gjendja', 'mire', 'Mirë', null, null, null],
        ['gjendja', 'rrenoje', 'Rrënojë', 'Take care', 'next_question', 'fundi'],
        ['gjendja', 'zhdukur', 'Zhdukur', null, 'END_SURVEY'],
        ['gjendja', 'pa_cak', 'Pa cak', null, null, 'pershkrimi'],
        ['gjendja', 'gabim', 'Gabim', null, 'next_question', 'askund'],
        ['gjendja', 'pa_cak2', 'Pa cak', null, 'next_question'],
        ['gjendja', 'vazhdo', 'Vazhdo', null, 'continue', 'fundi'],
        ['gjendja', 'tjeter', 'Tjetër', null, 'hidhu'],
      ],
    });
    expect(named(survey.questions, 'emri').questionIdentifier).toBe('ASSET_NAME');
    expect(named(survey.questions, 'gjendja').questionIdentifier).toBe('USABILITY');
    expect(named(survey.questions, 'pershkrimi').questionIdentifier).toBeNull();
    expect(named(survey.questions, 'gjendja').options.find((option) => option.value === 'rrenoje')).toMatchObject({
      descriptionXk: 'Rrënojë',
      disclaimerEn: 'Take care',
      disclaimerXk: null,
    });
    expect(skipsOf(named(survey.questions, 'gjendja'))).toEqual({
      mire: [null, null],
      rrenoje: ['NEXT_QUESTION', '4.1'],
      zhdukur: ['END_SURVEY', null],
      pa_cak: ['NEXT_QUESTION', '3'],
      gabim: [null, null],
      pa_cak2: [null, null],
      vazhdo: ['CONTINUE', null],
      tjeter: [null, null],
    });
    expect(warnings).toEqual([
      onSurvey(4, 'identifier', /^Identifier "DESCRIPTION" is none of ASSET_NAME, .*; it is left out$/),
      onSurvey(5, 'identifier', /^identifier "ASSET_TYPE" is left out: it does not apply to a chapter$/),
      onChoices(6, 'skip_to', /^skip_to "askund" names no question of the survey; the choice has no skip logic$/),
      onChoices(7, 'skip', /^next_question needs the name of the question to go to in skip_to/),
      onChoices(8, 'skip_to', /^skip_to "fundi" is left out: it applies only to next_question$/),
      onChoices(9, 'skip', /^skip "hidhu" is none of next_question, end_survey or continue; it is left out$/),
    ]);
  });

  it('keeps skip logic from the choices sheet rather than read a relevant over it', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name', 'relevant'],
        ['select_one gjendja', 'gjendja'],
        ['text', 'detaje', "${gjendja} = 'mire'"],
        ['text', 'fundi'],
      ],
      choices: [
        ['list_name', 'name', 'skip'],
        ['gjendja', 'mire'],
        ['gjendja', 'keq', 'end_survey'],
      ],
    });
    expect(skipsOf(named(survey.questions, 'gjendja'))).toEqual({ mire: [null, null], keq: ['END_SURVEY', null] });
    expect(warnings).toEqual([onSurvey(3, 'relevant', /is left out: the options of gjendja already have skip logic/)]);
  });

  it('reports an unknown column once, and each value of an XLSForm column a survey has no place for', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        [
          'type',
          'name',
          'default',
          'calculation',
          'constraint_message::English (en)',
          'shenimet',
          'bosh',
          'media::image',
        ],
        ['text', 'a', 'x', null, 'Too long', 'shënim'],
        ['integer', 'b', '3', '1 + 1', null, 'shënim tjetër', null, 'b.png', 'pa krye'],
      ],
      choices: [
        ['list_name', 'name', 'image', 'filtri'],
        ['po_jo', 'po', 'po.png', 'x'],
      ],
    });
    expect(outline(survey.questions)).toEqual(['1 TEXT a', '2 NUMBER b']);
    expect(warnings).toEqual([
      onSurvey(
        null,
        'shenimet',
        /^Column "shenimet" is not an XLSForm column a survey reads; its values are left out$/,
      ),
      onSurvey(null, null, /^A column without a header is left out$/),
      onSurvey(2, 'default', /^"x" is left out: a survey has nothing the default column maps to$/),
      onSurvey(2, 'constraint_message::English (en)', /^"Too long" is left out/),
      onSurvey(3, 'default', /^"3" is left out/),
      onSurvey(3, 'calculation', /^"1 \+ 1" is left out/),
      onSurvey(3, 'media::image', /^"b.png" is left out/),
      onChoices(null, 'filtri', /^Column "filtri" is neither one a survey reads nor one a choice_filter names/),
      onChoices(2, 'image', /^"po.png" is left out/),
      onChoices(2, 'list_name', /^No question uses the list "po_jo"/),
    ]);
  });

  it('reports a list that is not on the choices sheet and makes the question without options', async () => {
    const { survey, warnings } = await formOf({
      survey: [
        ['type', 'name'],
        ['select_one nuk_ka', 'a'],
      ],
    });
    expect(survey.questions).toMatchObject([{ questionType: 'SINGLE_CHOICE', options: [] }]);
    expect(warnings).toEqual([
      onSurvey(2, 'type', /^The list "nuk_ka" is not on the choices sheet; the question is made without options$/),
    ]);
  });
});

describe('a workbook with nothing to import', () => {
  it('has no questions and says why: no survey sheet, an empty one, no type column, or no row a survey can hold', async () => {
    const cases: [Record<string, Rows>, object][] = [
      [
        { Sheet1: [] },
        {
          sheet: 'survey',
          row: null,
          column: null,
          message: 'The workbook has no "survey" sheet, so there is nothing to import',
        },
      ],
      [{ survey: [] }, onSurvey(null, null, /^The survey sheet is empty, so there is nothing to import$/)],
      [
        {
          survey: [
            ['lloji', 'emri'],
            ['text', 'a'],
          ],
        },
        onSurvey(null, null, /^The survey sheet has no "type" column/),
      ],
      [
        {
          survey: [
            ['type', 'name'],
            ['calculate', 'a'],
          ],
        },
        onSurvey(null, null, /^No question could be made from the survey sheet$/),
      ],
    ];
    for (const [sheets, reason] of cases) {
      const { survey, warnings } = await formOf(sheets);
      expect(survey.questions).toEqual([]);
      expect(warnings).toContainEqual(reason);
    }
  });
});
