import type { Executor } from '../client';
import { questionGroups, questionOptions, questions, surveys } from '../schema/index';
import {
  DEMO_QUESTION_GROUPS,
  DEMO_QUESTION_TREE,
  DEMO_SURVEY,
  type GroupKey,
  type QuestionDef,
  type QuestionKey,
  type QuestionType,
} from './demo-survey';

export type WrittenQuestion = { id: number; nr: string; type: QuestionType | null; optionIds: Map<string, number> };
export type WrittenSurvey = { surveyId: number; questions: Map<QuestionKey, WrittenQuestion> };

type Placed = { def: QuestionDef; nr: string; order: number; parentKey: QuestionKey | null; depth: number };

/** Numbers each node from its place: the n-th child of 1.3 is 1.3.n, ordered n. */
function place(nodes: QuestionDef[], prefix = '', parentKey: QuestionKey | null = null, depth = 0): Placed[] {
  return nodes.flatMap((def, i) => {
    const nr = `${prefix}${i + 1}`;
    return [{ def, nr, order: i + 1, parentKey, depth }, ...place(def.children ?? [], `${nr}.`, def.key, depth + 1)];
  });
}

/**
 * Writes the demo survey: groups, then the question tree one level at a time (a level's parents
 * exist before it), then every option in one statement, with conditional parents and skip targets
 * resolved from keys to ids and numbers.
 */
export async function insertDemoSurvey(tx: Executor, defaultDatasetId: number, by: string): Promise<WrittenSurvey> {
  const [survey] = await tx
    .insert(surveys)
    .values({ ...DEMO_SURVEY, defaultDatasetId, insBy: by, ludBy: by })
    .returning({ id: surveys.id });
  if (!survey) throw new Error('survey insert returned nothing');

  const groupKeys = Object.keys(DEMO_QUESTION_GROUPS) as GroupKey[];
  const groupRows = await tx
    .insert(questionGroups)
    .values(
      groupKeys.map((k) => ({
        titleXk: DEMO_QUESTION_GROUPS[k].xk,
        titleEn: DEMO_QUESTION_GROUPS[k].en,
        titleSr: DEMO_QUESTION_GROUPS[k].sr,
      })),
    )
    .returning({ id: questionGroups.id });
  const groupIds = new Map(groupKeys.map((k, i) => [k, groupRows[i]?.id]));

  const placed = place(DEMO_QUESTION_TREE);
  const written = new Map<QuestionKey, WrittenQuestion>();
  const maxDepth = Math.max(...placed.map((p) => p.depth));
  for (let depth = 0; depth <= maxDepth; depth++) {
    const level = placed.filter((p) => p.depth === depth);
    const rows = await tx
      .insert(questions)
      .values(
        level.map(({ def, nr, order, parentKey }) => ({
          surveyId: survey.id,
          parentId: parentKey === null ? null : written.get(parentKey)?.id,
          questionNr: nr,
          questionOrder: order,
          questionCategory: def.category,
          questionType: def.type ?? null,
          titleXk: def.title.xk,
          titleEn: def.title.en,
          titleSr: def.title.sr,
          questionIdentifier: def.identifier ?? null,
          limMin: def.limMin ?? null,
          limMax: def.limMax ?? null,
          questionGroupId: def.group === undefined ? null : groupIds.get(def.group),
        })),
      )
      .returning({ id: questions.id });
    level.forEach(({ def, nr }, i) => {
      const id = rows[i]?.id;
      if (id === undefined) throw new Error(`question ${nr} was not written`);
      written.set(def.key, { id, nr, type: def.type ?? null, optionIds: new Map() });
    });
  }

  const resolve = (key: QuestionKey): WrittenQuestion => {
    const q = written.get(key);
    if (!q) throw new Error(`unknown question key ${key}`);
    return q;
  };
  const optionRows = placed.flatMap(({ def }) =>
    (def.options ?? []).map((o, i) => ({
      questionId: resolve(def.key).id,
      value: o.value,
      optionOrder: i + 1,
      descriptionXk: o.label.xk,
      descriptionEn: o.label.en,
      descriptionSr: o.label.sr,
      validateType: o.skip?.validateType ?? null,
      toQuestionNr: o.skip?.to === undefined ? null : resolve(o.skip.to).nr,
      disclaimerXk: o.disclaimer?.xk ?? null,
      disclaimerEn: o.disclaimer?.en ?? null,
      disclaimerSr: o.disclaimer?.sr ?? null,
      conditionalParentQuestionId: o.onlyWhen === undefined ? null : resolve(o.onlyWhen.question).id,
      conditionalParentQuestionValue: o.onlyWhen?.value ?? null,
      isAnother: o.isAnother ?? false,
    })),
  );
  const options = await tx
    .insert(questionOptions)
    .values(optionRows)
    .returning({ id: questionOptions.id, questionId: questionOptions.questionId, value: questionOptions.value });
  const byId = new Map([...written.values()].map((q) => [q.id, q]));
  for (const o of options) byId.get(o.questionId)?.optionIds.set(o.value, o.id);

  return { surveyId: survey.id, questions: written };
}
