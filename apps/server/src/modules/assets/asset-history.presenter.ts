import type { AssetChange, AssetHistoryEntry } from '@trashegimia/contract/assets';
import type { Language } from '@trashegimia/contract/common';
import { answerText } from './assets.presenter';
import { compareQuestionNr } from '@trashegimia/contract/question-numbers';
import { localize } from '@trashegimia/contract/localized-text';

/**
 * What the audit log keeps of an asset, before and after a change. Edits keep only what the edit
 * named (comments, dataset, the answers of its questions); reviews keep status and note. Answers
 * are kept raw (option ids and values) and read in the viewer's language when shown.
 */
export type AnswerSnapshot = {
  questionNr: string | null;
  values: { optionId: number | null; value: string | null; value2: string | null }[];
};
export type EditSnapshot = {
  comments?: string | null;
  datasetId?: number;
  datasetName?: string;
  answers?: Record<string, AnswerSnapshot>;
};
export type StatusSnapshot = { status: string; adminNote: string | null };

type Snapshot = EditSnapshot & Partial<StatusSnapshot>;

export type AuditRow = {
  id: number;
  actorId: number | null;
  actorName: string | null;
  action: string;
  before: unknown;
  after: unknown;
  at: Date;
};

type QuestionTitle = {
  id: number;
  questionNr: string;
  titleXk: string | null;
  titleEn: string | null;
  titleSr: string | null;
};
type OptionDescription = {
  id: number;
  descriptionXk: string | null;
  descriptionEn: string | null;
  descriptionSr: string | null;
};

/** Looks up the texts of the questions and options the entries mention (current texts; deleted ones fall back). */
export type HistoryTexts = {
  questions: (ids: number[]) => Promise<QuestionTitle[]>;
  options: (ids: number[]) => Promise<OptionDescription[]>;
};

/** Audit rows → entries that list, per change, what it was and what it became; unchanged parts are left out. */
export async function presentAssetHistory(
  rows: AuditRow[],
  language: Language,
  texts: HistoryTexts,
): Promise<AssetHistoryEntry[]> {
  const snapshots = rows.map((row) => ({ row, before: snapshotOf(row.before), after: snapshotOf(row.after) }));
  const answers = snapshots.flatMap(({ before, after }) => [
    ...Object.entries(before.answers ?? {}),
    ...Object.entries(after.answers ?? {}),
  ]);
  const questionIds = [...new Set(answers.map(([questionId]) => Number(questionId)))];
  const optionIds = [
    ...new Set(answers.flatMap(([, answer]) => answer.values.flatMap((value) => value.optionId ?? []))),
  ];
  const [questions, options] = await Promise.all([texts.questions(questionIds), texts.options(optionIds)]);
  const questionById = new Map(questions.map((question) => [question.id, question]));
  const optionById = new Map(options.map((option) => [option.id, option]));

  const readAnswer = (answer: AnswerSnapshot | undefined): string | null => {
    const parts = (answer?.values ?? [])
      .map((value) => {
        const option = value.optionId === null ? undefined : optionById.get(value.optionId);
        return answerText(
          {
            // An option deleted since reads as the value it had.
            optionId: option ? value.optionId : null,
            value: value.value,
            value2: value.value2,
            optionDescriptionXk: option?.descriptionXk ?? null,
            optionDescriptionEn: option?.descriptionEn ?? null,
            optionDescriptionSr: option?.descriptionSr ?? null,
          },
          language,
        );
      })
      .filter((text) => text !== '');
    return parts.length > 0 ? parts.join(', ') : null;
  };

  return snapshots.map(({ row, before, after }) => {
    const changes: AssetChange[] = [];
    const field = (name: AssetChange['field'], was: string | null | undefined, is: string | null | undefined) => {
      if (was === undefined && is === undefined) return;
      if ((was ?? null) === (is ?? null)) return;
      changes.push({
        field: name,
        questionId: null,
        questionNr: null,
        label: null,
        before: was ?? null,
        after: is ?? null,
      });
    };
    field('status', before.status, after.status);
    field('adminNote', before.adminNote, after.adminNote);
    field('dataset', before.datasetName, after.datasetName);
    field('comments', before.comments, after.comments);

    const answerChanges: AssetChange[] = [];
    for (const key of new Set([...Object.keys(before.answers ?? {}), ...Object.keys(after.answers ?? {})])) {
      const was = readAnswer(before.answers?.[key]);
      const is = readAnswer(after.answers?.[key]);
      if (was === is) continue;
      const questionId = Number(key);
      const question = questionById.get(questionId);
      const questionNr =
        question?.questionNr ?? after.answers?.[key]?.questionNr ?? before.answers?.[key]?.questionNr ?? null;
      answerChanges.push({
        field: 'answer',
        questionId,
        questionNr,
        label: question ? localize(question, 'title', language) : null,
        before: was,
        after: is,
      });
    }
    answerChanges.sort((a, b) => compareQuestionNr(a.questionNr ?? '', b.questionNr ?? ''));

    return {
      id: row.id,
      at: row.at.toISOString(),
      actorId: row.actorId,
      actorName: row.actorName,
      action: HISTORY_ACTIONS[row.action] ?? 'edit',
      changes: [...changes, ...answerChanges],
    };
  });
}

const HISTORY_ACTIONS: Record<string, AssetHistoryEntry['action']> = {
  'asset.submit': 'submit',
  'asset.import': 'import',
  'asset.update': 'edit',
  'asset.status': 'status',
};

/** The stored JSON as a snapshot; anything else (an entry written by an older shape) reads as empty. */
function snapshotOf(value: unknown): Snapshot {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Snapshot) : {};
}
