import type { ImportMapping, ImportTarget } from '@trashegimia/contract/imports';
import type { QuestionNode } from '@trashegimia/contract/questions';

/** The asset's own fields a column can fill. */
export const IMPORT_FIELDS = ['latitude', 'longitude', 'date'] as const;

/** The select's value of a target: `q:<id>`, `f:<field>`; '' is "not imported". */
export type TargetKey = string;
export const NOT_IMPORTED: TargetKey = '';

export const targetKey = (target: ImportTarget | undefined): TargetKey =>
  target === undefined ? NOT_IMPORTED : 'questionId' in target ? `q:${target.questionId}` : `f:${target.field}`;

export const targetOf = (key: TargetKey): ImportTarget | undefined => {
  if (key.startsWith('q:')) return { questionId: Number(key.slice(2)) };
  const field = IMPORT_FIELDS.find((candidate) => `f:${candidate}` === key);
  return field ? { field } : undefined;
};

/** The questions a column can answer: the survey's PARENT questions, in reading order. */
export const answerableQuestions = (tree: QuestionNode[]): QuestionNode[] =>
  tree.flatMap((node) => [
    ...(node.questionCategory === 'PARENT' ? [node] : []),
    ...answerableQuestions(node.children),
  ]);

/** The mapping with one column's target changed (or removed, for "not imported"). */
export const withTarget = (mapping: ImportMapping, column: number, key: TargetKey): ImportMapping => {
  const next = { ...mapping };
  const target = targetOf(key);
  if (target) next[String(column)] = target;
  else delete next[String(column)];
  return next;
};

/** Targets already given to another column: the server takes each target once. */
export const takenElsewhere = (mapping: ImportMapping, column: number): Set<TargetKey> =>
  new Set(
    Object.entries(mapping)
      .filter(([other]) => other !== String(column))
      .map(([, target]) => targetKey(target)),
  );

/** Up to `count` non-blank values of a column from the sample rows. */
export const sampleValues = (rows: string[][], column: number, count: number) =>
  rows
    .map((row) => row[column]?.trim() ?? '')
    .filter((value) => value !== '')
    .slice(0, count);
