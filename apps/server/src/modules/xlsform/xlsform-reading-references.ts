import { isChoiceType } from '@trashegimia/contract/questions';
import { type Condition, readChoiceFilter, readRelevant } from './xlsform-reading-expressions';
import type { Column, FormSheet } from './xlsform-reading-sheets';
import type { Choice, Made, MappedOption, MappedQuestion, QuestionTree } from './xlsform-reading-tree';

/**
 * What the names of a form refer to, once every question has its number: `skip_to` on choices,
 * `choice_filter` and `relevant` on questions (docs/decisions/0002-xlsform-mapping.md).
 */

const isSingleChoice = (question: MappedQuestion) =>
  isChoiceType(question.questionType) && question.questionType !== 'MULTIPLE_CHOICE';

/** `skip` and `skip_to` of each choice, on every option made from it: skip_to names the question it jumps to. */
export function applyChoiceSkips(tree: QuestionTree) {
  for (const { question, choices } of tree.made) {
    for (const option of question.options) {
      const choice = choices.get(option);
      if (choice) Object.assign(option, skipOf(choice, tree));
    }
  }
}

function skipOf(
  { row, skip, skipTo }: Choice,
  tree: QuestionTree,
): Pick<MappedOption, 'validateType' | 'toQuestionNr'> {
  const validateType = skip ?? (skipTo ? 'NEXT_QUESTION' : null);
  if (validateType !== 'NEXT_QUESTION') {
    if (skipTo) row.warn(skipTo, `skip_to "${skipTo.value}" is left out: it applies only to next_question`);
    return { validateType, toQuestionNr: null };
  }
  if (!skipTo) {
    row.warnIn(
      'skip',
      'next_question needs the name of the question to go to in skip_to; the choice has no skip logic',
    );
    return { validateType: null, toQuestionNr: null };
  }
  const target = tree.byName.get(skipTo.value);
  if (!target) {
    row.warn(skipTo, `skip_to "${skipTo.value}" names no question of the survey; the choice has no skip logic`);
    return { validateType: null, toQuestionNr: null };
  }
  return { validateType, toQuestionNr: target.question.questionNr };
}

/**
 * `${q} = col` on a choice question: each option whose `col` cell is not blank is offered only when
 * q is answered that value. Answers the columns of `choices` it used.
 */
export function applyChoiceFilters(tree: QuestionTree, choicesSheet: FormSheet | null): Set<Column> {
  const used = new Set<Column>();
  for (const { question, row, choiceFilter, choices } of tree.made) {
    if (!choiceFilter) continue;
    const leftOut = (why: string) =>
      row.warn(choiceFilter, `choice_filter "${choiceFilter.value}" is left out: ${why}`);
    const filter = readChoiceFilter(choiceFilter.value);
    const parent = filter && tree.byName.get(filter.name);
    const column = filter && choicesSheet?.columnHeaded(filter.column);
    if (!filter) leftOut("only ${q} = column or column = ${q}, with or column = '' allowed, is read");
    else if (!parent) leftOut(`${filter.name} is no question of the survey`);
    else if (!column) leftOut(`the choices sheet has no column ${filter.column}`);
    else {
      used.add(column);
      for (const option of question.options) {
        const value = choices.get(option)?.row.valueIn(column);
        if (!value) continue;
        option.conditionalParentQuestionNr = parent.question.questionNr;
        option.conditionalParentQuestionValue = value;
      }
    }
  }
  return used;
}

/** A relevant read, and the single choice it depends on. */
type Dependence = { condition: Condition; parent: Made };

const sameCondition = (a: Condition | undefined, b: Condition) =>
  a !== undefined && a.name === b.name && a.equal === b.equal && a.value === b.value;

/**
 * `relevant` on a single choice q: the rows that follow q directly under the same condition become
 * skip logic on q's options; a choice question elsewhere has its options depend on q's answer.
 */
export function applyRelevants(tree: QuestionTree) {
  const dependences = readDependences(tree);
  /** The questions skip logic passes by, and the condition under which it does not. */
  const skippable = new Map<Made, Condition>();
  for (const [made, { condition, parent }] of dependences) {
    if (skippable.has(made)) continue;
    // A relevant its group already has is met by the group's skip logic.
    if (ancestorsOf(made).some((group) => sameCondition(skippable.get(group), condition))) continue;
    const run = runAfter(parent, condition, dependences, tree);
    if (run.includes(made)) {
      for (const member of run) skippable.set(member, condition);
      skipPast(made, parent, condition, run);
    } else {
      offerOptionsWhen(made, parent, condition);
    }
  }
}

const warnRelevantLeftOut = (made: Made, why: string) =>
  made.row.warn(made.relevant, `relevant "${made.relevant?.value}" is left out: ${why}`);

function ancestorsOf(made: Made): Made[] {
  return made.parent ? [made.parent, ...ancestorsOf(made.parent)] : [];
}

/** Each relevant that can be read, in row order; the others reported. */
function readDependences(tree: QuestionTree): Map<Made, Dependence> {
  const dependences = new Map<Made, Dependence>();
  for (const made of tree.made) {
    if (!made.relevant) continue;
    const leftOut = (why: string) => warnRelevantLeftOut(made, why);
    const condition = readRelevant(made.relevant.value);
    const parent = condition && tree.byName.get(condition.name);
    if (!condition) leftOut("only ${q} = 'v', ${q} != 'v' or selected(${q}, 'v') is read");
    else if (!parent) leftOut(`${condition.name} is no question of the survey`);
    else if (!isSingleChoice(parent.question)) leftOut(`${condition.name} is not a single choice`);
    else dependences.set(made, { condition, parent });
  }
  return dependences;
}

/** The rows right after `parent`, at its level, that depend on it by `condition` (a group counting as one). */
function runAfter(parent: Made, condition: Condition, dependences: Map<Made, Dependence>, tree: QuestionTree): Made[] {
  const run: Made[] = [];
  for (const sibling of parent.siblings.slice(parent.siblings.indexOf(parent.question) + 1)) {
    const made = tree.madeOf(sibling);
    if (!sameCondition(dependences.get(made)?.condition, condition)) break;
    run.push(made);
  }
  return run;
}

/** The first question after `made` and all it holds, at its level or above; null at the end of the survey. */
function nextAfter(made: Made): MappedQuestion | null {
  for (let at: Made | null = made; at; at = at.parent) {
    const next = at.siblings[at.siblings.indexOf(at.question) + 1];
    if (next) return next;
  }
  return null;
}

/** Skip logic on `parent`'s options: each that fails `condition` jumps past `run` (`made` first), or ends the survey. */
function skipPast(made: Made, parent: Made, condition: Condition, run: Made[]) {
  const options = parent.question.options;
  const leftOut = (why: string) => warnRelevantLeftOut(made, why);
  if (!options.some((option) => option.value === condition.value)) {
    return leftOut(`"${condition.value}" is none of the options of ${condition.name}`);
  }
  if (options.some((option) => option.validateType !== null && option.validateType !== 'CONTINUE')) {
    return leftOut(`the options of ${condition.name} already have skip logic (skip on the choices sheet)`);
  }
  const target = nextAfter(run.at(-1)!);
  for (const option of options) {
    const meets = (option.value === condition.value) === condition.equal;
    if (meets) continue;
    option.validateType = target ? 'NEXT_QUESTION' : 'END_SURVEY';
    option.toQuestionNr = target?.questionNr ?? null;
  }
}

/** A choice question not right after `parent`: its options are offered only when `parent` is answered the value. */
function offerOptionsWhen(made: Made, parent: Made, condition: Condition) {
  const leftOut = (why: string) => warnRelevantLeftOut(made, why);
  if (!isChoiceType(made.question.questionType)) {
    return leftOut(
      `only the rows right after ${condition.name} can be skipped by its answer, and only a choice question's options can depend on it elsewhere`,
    );
  }
  if (!condition.equal) return leftOut(`options can depend on ${condition.name} being answered a value, not another`);
  if (made.question.options.some((option) => option.conditionalParentQuestionNr !== null)) {
    return leftOut('its options already depend on its choice_filter');
  }
  for (const option of made.question.options) {
    option.conditionalParentQuestionNr = parent.question.questionNr;
    option.conditionalParentQuestionValue = condition.value;
  }
}
