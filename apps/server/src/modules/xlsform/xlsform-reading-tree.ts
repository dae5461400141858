import type { ValidateType } from '@trashegimia/contract/questions';
import type { XlsFormOption, XlsFormQuestion } from '@trashegimia/contract/xlsform';
import type { Cell, FormRow, Texts } from './xlsform-reading-sheets';

/** An option as it would be made, with its disclaimers (`disclaimer::…`), which the contract's XlsFormOption lacks. */
export type MappedOption = XlsFormOption & {
  disclaimerXk: string | null;
  disclaimerEn: string | null;
  disclaimerSr: string | null;
};

/** A question as it would be made, with its sub-questions in order. */
export type MappedQuestion = Omit<XlsFormQuestion, 'options' | 'children'> & {
  options: MappedOption[];
  children: MappedQuestion[];
};

/** A row of `choices`: an option of each question that names its list. */
export type Choice = {
  row: FormRow;
  value: string;
  descriptions: Texts;
  disclaimers: Texts;
  skip: ValidateType | null;
  skipTo: Cell | null;
};

/** A question made from a row, with what resolving names needs of it. */
export type Made = {
  question: MappedQuestion;
  row: FormRow;
  parent: Made | null;
  /** Where it sits: its parent's children, or the top level. */
  siblings: MappedQuestion[];
  relevant: Cell | null;
  choiceFilter: Cell | null;
  /** The choice each option was made from; the "other" option or_other adds has none. */
  choices: Map<MappedOption, Choice>;
};

/** The questions as the rows make them, numbered as they come: 1, 2, … at the top; 2.1, 2.2 inside 2. */
export class QuestionTree {
  readonly top: MappedQuestion[] = [];
  readonly made: Made[] = [];
  readonly byName = new Map<string, Made>();
  private readonly byQuestion = new Map<MappedQuestion, Made>();
  /** The groups begun and not yet ended; null for one left out (its rows stay in the group around it). */
  private readonly open: { made: Made | null; row: FormRow }[] = [];

  /** How many groups the next question sits in. */
  get depth() {
    return this.open.filter((group) => group.made).length;
  }

  private get parent(): Made | null {
    return this.open.findLast((group) => group.made)?.made ?? null;
  }

  nextNumber(): string {
    const parent = this.parent;
    const siblings = parent?.question.children ?? this.top;
    return parent ? `${parent.question.questionNr}.${siblings.length + 1}` : String(siblings.length + 1);
  }

  add(question: MappedQuestion, row: FormRow, made: Pick<Made, 'relevant' | 'choiceFilter' | 'choices'>): Made {
    const parent = this.parent;
    const siblings = parent?.question.children ?? this.top;
    const item: Made = { question, row, parent, siblings, ...made };
    siblings.push(question);
    this.made.push(item);
    this.byQuestion.set(question, item);
    const first = this.byName.get(question.name);
    if (first) {
      row.warnIn(
        'name',
        `The name "${question.name}" is also that of row ${first.row.number}; relevant, choice_filter and skip_to mean that first one`,
      );
    } else {
      this.byName.set(question.name, item);
    }
    return item;
  }

  madeOf(question: MappedQuestion): Made {
    return this.byQuestion.get(question)!;
  }

  begin(made: Made | null, row: FormRow) {
    this.open.push({ made, row });
  }

  end(row: FormRow, typeCell: Cell) {
    if (!this.open.pop()) row.warn(typeCell, `${typeCell.value} without a group to end is left out`);
  }

  /** Reports the groups never ended: each holds every row after it. */
  reportOpenGroups() {
    for (const { made, row } of this.open) {
      if (made) row.warnIn('type', `The group "${made.question.name}" is never ended; it holds every row after it`);
    }
  }
}
