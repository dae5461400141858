/** Dotted numbers sort by segment, numerically: 1.2 before 1.10, 2 before 10 (spec §4). */
export const compareQuestionNr = (a: string, b: string) => {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? -1) - (right[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
};
