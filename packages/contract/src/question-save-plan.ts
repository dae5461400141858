/**
 * The rules a batch of questions must keep to be saved (POST /surveys/{id}/questions), checked
 * against the survey as it will be once saved. The server refuses a batch by them, and the web's
 * survey fake refuses what the server would.
 */
import type { z } from 'zod';
import {
  CHOICE_TYPES,
  holdsQuestions,
  type QuestionCategory,
  type QuestionInput,
  type QuestionType,
} from './questions';

/** Why a batch cannot be saved: 400 for a batch that is wrong in itself, 409 for one that clashes with the survey. */
export class QuestionSaveRefused extends Error {
  override name = 'QuestionSaveRefused';
  constructor(
    readonly status: 400 | 409,
    readonly code: string,
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

const badRequest = (field: string, message: string, code: string) => new QuestionSaveRefused(400, code, message, field);
const conflict = (message: string, code: string, field: string) => new QuestionSaveRefused(409, code, message, field);

/** What the tree rules need of a saved question. */
export type StoredQuestion = {
  id: number;
  parentId: number | null;
  questionNr: string;
  questionCategory: string;
  questionType: string | null;
  optionsSourceQuestionId: number | null;
};

export type SavedQuestionInput = z.output<typeof QuestionInput>;

/** A question as the survey will be after the save: saved ones keyed `q<id>`, new ones `t<tempId>`. */
type Planned = {
  key: string;
  /** Its place in the call; null for a saved question the call leaves as it is. */
  index: number | null;
  parentKey: string | null;
  nr: string;
  category: QuestionCategory;
  type: QuestionType | null;
  sourceKey: string | null;
};

export type SavePlan = {
  /** Indexes of new questions, one list per level: a level's parents are saved before it. */
  insertLevels: number[][];
  /** Indexes of saved questions the call changes. */
  updates: number[];
};

const savedKey = (id: number) => `q${id}`;
const field = (index: number, name: string) => `questions.${index}.${name}`;

/**
 * Checks a batch of questions against the survey as it will be once they are saved, so a batch
 * is refused whole before anything is written: the questions and parents it names belong to the
 * survey, numbers stay unique, nothing sits under itself, only chapters and groups hold
 * sub-questions, and borrowed options come from a choice question that owns them.
 */
export function planQuestionSave(stored: StoredQuestion[], batch: SavedQuestionInput[]): SavePlan {
  const storedById = new Map(stored.map((question) => [question.id, question]));
  const keyOf = (question: SavedQuestionInput) =>
    question.id === undefined ? `t${question.tempId}` : savedKey(question.id);
  const indexOfTempId = new Map(
    batch.flatMap((question, index) => (question.tempId === undefined ? [] : [[question.tempId, index] as const])),
  );

  batch.forEach((question, index) => {
    if (question.id !== undefined && !storedById.has(question.id)) {
      throw badRequest(field(index, 'id'), `Question ${question.id} is not in this survey`, 'question_not_found');
    }
    if (question.questionParentId != null && !storedById.has(question.questionParentId)) {
      throw badRequest(
        field(index, 'questionParentId'),
        `The parent of question ${question.questionNr} must be a question of this survey`,
        'invalid_parent',
      );
    }
    if (question.parentTempId != null && !indexOfTempId.has(question.parentTempId)) {
      throw badRequest(
        field(index, 'parentTempId'),
        `No question of this save has the tempId ${question.parentTempId}`,
        'invalid_parent',
      );
    }
    if (question.questionOptionsId != null && !storedById.has(question.questionOptionsId)) {
      throw badRequest(
        field(index, 'questionOptionsId'),
        `Question ${question.questionNr} can only borrow options from a question of this survey`,
        'invalid_options_source',
      );
    }
  });

  const planned = new Map<string, Planned>();
  for (const question of stored) {
    planned.set(savedKey(question.id), {
      key: savedKey(question.id),
      index: null,
      parentKey: question.parentId === null ? null : savedKey(question.parentId),
      nr: question.questionNr,
      category: question.questionCategory as QuestionCategory,
      type: question.questionType as QuestionType | null,
      sourceKey: question.optionsSourceQuestionId === null ? null : savedKey(question.optionsSourceQuestionId),
    });
  }
  batch.forEach((question, index) => {
    const parentKey =
      question.questionParentId != null
        ? savedKey(question.questionParentId)
        : question.parentTempId != null
          ? keyOf(batch[indexOfTempId.get(question.parentTempId)!]!)
          : null;
    planned.set(keyOf(question), {
      key: keyOf(question),
      index,
      parentKey,
      nr: question.questionNr,
      category: question.questionCategory,
      type: question.questionType ?? null,
      sourceKey: question.questionOptionsId == null ? null : savedKey(question.questionOptionsId),
    });
  });

  const parentField = (question: Planned) =>
    field(question.index!, batch[question.index!]!.parentTempId != null ? 'parentTempId' : 'questionParentId');

  // Questions of the call come last, so a clash is reported on the one the call brings.
  const byNr = new Map<string, Planned>();
  for (const question of [...planned.values()].sort((a, b) => (a.index ?? -1) - (b.index ?? -1))) {
    if (byNr.has(question.nr)) {
      throw conflict(
        `Number ${question.nr} is already used by another question of this survey`,
        'question_nr_taken',
        field(question.index!, 'questionNr'),
      );
    }
    byNr.set(question.nr, question);
  }

  // The saved tree has no cycle, so every cycle passes through a question of the call.
  for (const question of planned.values()) {
    if (question.index === null) continue;
    const seen = new Set([question.key]);
    for (let key = question.parentKey; key !== null; key = planned.get(key)!.parentKey) {
      if (key === question.key) {
        throw badRequest(
          parentField(question),
          `Question ${question.nr} cannot sit under itself or one of its own sub-questions`,
          'invalid_parent',
        );
      }
      if (seen.has(key)) break;
      seen.add(key);
    }
  }

  for (const question of planned.values()) {
    if (question.parentKey === null) continue;
    const parent = planned.get(question.parentKey)!;
    if (holdsQuestions(parent.category) || (question.index === null && parent.index === null)) continue;
    if (question.index !== null) {
      throw badRequest(
        parentField(question),
        `Question ${question.nr} can only sit under a chapter or group, and ${parent.nr} is a question`,
        'invalid_parent',
      );
    }
    throw conflict(
      `Question ${parent.nr} has sub-questions, so it must stay a chapter or group`,
      'question_has_children',
      field(parent.index!, 'questionCategory'),
    );
  }

  for (const question of planned.values()) {
    if (question.sourceKey === null) continue;
    const source = planned.get(question.sourceKey)!;
    if (question.index === null && source.index === null) continue;
    const problem =
      source.key === question.key
        ? 'a question cannot borrow its own options'
        : source.category !== 'PARENT' || source.type === null || !CHOICE_TYPES.includes(source.type)
          ? `question ${source.nr} is not a choice question`
          : source.sourceKey !== null
            ? `question ${source.nr} borrows its options itself`
            : null;
    if (problem === null) continue;
    if (question.index !== null) {
      throw badRequest(
        field(question.index, 'questionOptionsId'),
        `Question ${question.nr} cannot borrow the options of question ${source.nr}: ${problem}`,
        'invalid_options_source',
      );
    }
    const changed = batch[source.index!]!;
    throw conflict(
      `Question ${question.nr} borrows the options of question ${source.nr}, so that one must stay a choice question with options of its own`,
      'options_borrowed',
      field(
        source.index!,
        changed.questionOptionsId != null
          ? 'questionOptionsId'
          : changed.questionCategory !== 'PARENT'
            ? 'questionCategory'
            : 'questionType',
      ),
    );
  }

  return { insertLevels: insertLevels(batch, indexOfTempId), updates: indexesWhere(batch, (q) => q.id !== undefined) };
}

const indexesWhere = <T>(items: T[], test: (item: T) => boolean) =>
  items.flatMap((item, index) => (test(item) ? [index] : []));

/** New questions by depth below the nearest saved question (the batch was checked for cycles). */
function insertLevels(batch: SavedQuestionInput[], indexOfTempId: Map<string, number>): number[][] {
  const levels: number[][] = [];
  const levelOf = (index: number): number => {
    const { parentTempId } = batch[index]!;
    const parentIndex = parentTempId == null ? undefined : indexOfTempId.get(parentTempId);
    return parentIndex === undefined || batch[parentIndex]!.id !== undefined ? 0 : levelOf(parentIndex) + 1;
  };
  for (const index of indexesWhere(batch, (q) => q.id === undefined)) {
    (levels[levelOf(index)] ??= []).push(index);
  }
  return levels;
}
