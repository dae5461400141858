import type { QuestionNode } from '@trashegimia/contract/questions';
import { ANSWER_TREE_LEVELS } from './asset-edit-constants';

/** A question as the answers tree shows it: its level (1 = top) and what is nested under it. */
export type AnswerTreeNode = { question: QuestionNode; level: number; children: AnswerTreeNode[] };

/** The question and everything below it, in reading order. */
const inReadingOrder = (questions: QuestionNode[]): QuestionNode[] =>
  questions.flatMap((question) => [question, ...inReadingOrder(question.children)]);

/**
 * The survey's question tree (already nested by parent and sorted by number on the server) cut
 * to `levels` levels: 1.2.3 nests under 1.2, and anything deeper than the last level is listed,
 * flat and in reading order, under its last-level ancestor (spec §9: three levels).
 */
export const buildAnswerTree = (questions: QuestionNode[], levels = ANSWER_TREE_LEVELS): AnswerTreeNode[] => {
  const visit = (nodes: QuestionNode[], level: number): AnswerTreeNode[] =>
    nodes.map((question) => ({
      question,
      level,
      children:
        level < levels
          ? visit(question.children, level + 1)
          : inReadingOrder(question.children).map((deeper) => ({ question: deeper, level, children: [] })),
    }));
  return visit(questions, 1);
};

/** Every question of the tree by id, for looking up conditional parents. */
export const questionsById = (questions: QuestionNode[]): Map<number, QuestionNode> =>
  new Map(inReadingOrder(questions).map((question) => [question.id, question]));
