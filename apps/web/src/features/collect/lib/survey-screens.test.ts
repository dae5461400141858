import { describe, expect, it } from 'vitest';
import { makeChapter, makeQuestion } from '@/shared/testing/question-fixtures';
import { buildScreens, nextScreenIndex, previousScreenIndex, screenProgress } from './survey-screens';

const group = (id: number, questionNr: string, children: ReturnType<typeof makeQuestion>[]) =>
  makeQuestion({ id, questionNr, title: `Group ${id}`, questionCategory: 'GROUP', questionType: null, children });

describe('buildScreens', () => {
  it('shows a GROUP as one screen and each loose question as its own, under their chapters, in number order', () => {
    const name = makeQuestion({ id: 11, questionNr: '1.1', title: 'Name' });
    const municipality = makeQuestion({ id: 121, questionNr: '1.2.1', title: 'Municipality' });
    const village = makeQuestion({ id: 122, questionNr: '1.2.2', title: 'Village' });
    const location = group(12, '1.2', [village, municipality]);
    const period = makeQuestion({ id: 21, questionNr: '2.1', title: 'Period' });
    const history = makeChapter(2, '2', 'History', [period]);
    const identity = makeChapter(1, '1', 'Identity', [location, name]);

    const screens = buildScreens([history, identity]);

    expect(screens.map((screen) => screen.questions.map((question) => question.id))).toEqual([[11], [121, 122], [21]]);
    expect(screens[1]!.group?.id).toBe(12);
    expect(screens.map((screen) => screen.chapters.map((chapter) => chapter.id))).toEqual([[1], [1], [2]]);
  });

  it('keeps neighbouring loose questions of one question group on one screen, but not across chapters', () => {
    const a = makeQuestion({ id: 11, questionNr: '1.1', title: 'A', questionGroupId: 5 });
    const b = makeQuestion({ id: 12, questionNr: '1.2', title: 'B', questionGroupId: 5 });
    const c = makeQuestion({ id: 13, questionNr: '1.3', title: 'C', questionGroupId: null });
    const d = makeQuestion({ id: 21, questionNr: '2.1', title: 'D', questionGroupId: 5 });
    const screens = buildScreens([makeChapter(1, '1', 'One', [a, b, c]), makeChapter(2, '2', 'Two', [d])]);
    expect(screens.map((screen) => screen.questions.map((question) => question.id))).toEqual([[11, 12], [13], [21]]);
  });

  it('leaves out a group with no questions and puts a sub-question right after its question', () => {
    const sub = makeQuestion({ id: 111, questionNr: '1.1.1', title: 'Sub' });
    const question = makeQuestion({ id: 11, questionNr: '1.1', title: 'Q', children: [sub] });
    const screens = buildScreens([group(2, '2', []), makeChapter(1, '1', 'One', [question])]);
    expect(screens.map((screen) => screen.questions.map((q) => q.id))).toEqual([[11, 111]]);
  });
});

describe('screen navigation', () => {
  const questions = [1, 2, 3, 4].map((id) => makeQuestion({ id, questionNr: String(id), title: `Q${id}` }));
  const screens = buildScreens(questions);

  it('steps over screens whose questions skip logic leaves out, both ways, and counts only those shown', () => {
    const skipped = new Set([2, 3]);
    expect(nextScreenIndex(screens, skipped, -1)).toBe(0);
    expect(nextScreenIndex(screens, skipped, 0)).toBe(3);
    expect(nextScreenIndex(screens, skipped, 3)).toBeNull();
    expect(previousScreenIndex(screens, skipped, 3)).toBe(0);
    expect(previousScreenIndex(screens, skipped, 0)).toBeNull();
    expect(screenProgress(screens, skipped, 3)).toEqual({ position: 2, total: 2 });
  });
});
