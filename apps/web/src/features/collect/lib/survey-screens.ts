import type { QuestionNode } from '@trashegimia/contract/questions';
import { answerableInOrder, byQuestionNr } from '@trashegimia/contract/question-numbers';

/**
 * One screen of the collector: a GROUP (the spec's "single mobile screen") with every question
 * under it, or the questions outside a group, one per screen unless neighbours share a question
 * group (the contract: questions that share a group are shown together).
 */
export type Screen = {
  key: string;
  /** The chapters the screen sits in, outermost first: shown as its headings. */
  chapters: QuestionNode[];
  /** The GROUP node the screen shows, if it is one. */
  group: QuestionNode | null;
  /** The question group shared by the screen's loose questions, if any. */
  questionGroupId: number | null;
  /** The questions that take answers (PARENT), in the order they are filled in. */
  questions: QuestionNode[];
};

/** Splits a survey's question tree into the screens the collector walks through, in order. */
export const buildScreens = (tree: QuestionNode[]): Screen[] => {
  const screens: Screen[] = [];

  const walk = (nodes: QuestionNode[], chapters: QuestionNode[]) => {
    for (const node of byQuestionNr(nodes)) {
      if (node.questionCategory === 'CHAPTER') {
        walk(node.children, [...chapters, node]);
        continue;
      }
      if (node.questionCategory === 'GROUP') {
        const questions = [...answerableInOrder(node.children)];
        if (questions.length > 0) {
          screens.push({ key: `group-${node.id}`, chapters, group: node, questionGroupId: null, questions });
        }
        continue;
      }
      const questions = [...answerableInOrder([node])];
      const last = screens.at(-1);
      const joinsLast =
        last !== undefined &&
        last.group === null &&
        node.questionGroupId !== null &&
        last.questionGroupId === node.questionGroupId &&
        last.chapters.at(-1) === chapters.at(-1);
      if (joinsLast) last.questions.push(...questions);
      else {
        screens.push({
          key: `question-${node.id}`,
          chapters,
          group: null,
          questionGroupId: node.questionGroupId,
          questions,
        });
      }
    }
  };

  walk(tree, []);
  return screens;
};

/** A screen is shown while skip logic leaves at least one of its questions in. */
const isShown = (screen: Screen, skipped: ReadonlySet<number>) =>
  screen.questions.some((question) => !skipped.has(question.id));

/** The next screen to show after `from` (-1: the first), or null when the questions are done. */
export const nextScreenIndex = (screens: Screen[], skipped: ReadonlySet<number>, from: number): number | null => {
  for (let index = from + 1; index < screens.length; index++) if (isShown(screens[index]!, skipped)) return index;
  return null;
};

/** The screen before `from` that is shown, or null at the first. */
export const previousScreenIndex = (screens: Screen[], skipped: ReadonlySet<number>, from: number): number | null => {
  for (let index = Math.min(from, screens.length) - 1; index >= 0; index--) {
    if (isShown(screens[index]!, skipped)) return index;
  }
  return null;
};

/** Where `current` stands among the screens shown: 1-based position and how many there are. */
export const screenProgress = (screens: Screen[], skipped: ReadonlySet<number>, current: number) => {
  const shown = screens.flatMap((screen, index) => (isShown(screen, skipped) ? [index] : []));
  return { position: shown.filter((index) => index <= current).length, total: shown.length };
};
