/**
 * Runs the tasks with at most `limit` in flight. After the first failure no new task starts; the
 * ones already running finish (so what they saved is recorded) and then the first error is thrown.
 */
export const runLimited = async (tasks: (() => Promise<void>)[], limit: number): Promise<void> => {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < tasks.length) {
      const task = tasks[next]!;
      next += 1;
      try {
        await task();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
};

/** The items in consecutive chunks of at most `size`. */
export const chunksOf = <T>(items: T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
};
