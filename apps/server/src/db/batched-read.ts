/**
 * One read of many keys in place of many reads of one: the keys asked for until the event loop
 * next turns are read together by `readMany` (each once), and each caller gets its key's value
 * (undefined when `readMany` found none). Callers asking at the same moment (the rows of one page,
 * of the pages many visitors asked for at once) share one statement and one round trip.
 */
export function batchedRead<Key, Value>(
  readMany: (keys: Key[]) => Promise<Map<Key, Value>>,
): (key: Key) => Promise<Value | undefined> {
  type Caller = { resolve: (value: Value | undefined) => void; reject: (error: unknown) => void };
  let batch: Map<Key, Caller[]> | undefined;
  const readBatch = (waiting: NonNullable<typeof batch>) => {
    batch = undefined;
    // A readMany that throws rather than rejects fails its callers all the same.
    new Promise<Map<Key, Value>>((resolve) => resolve(readMany([...waiting.keys()]))).then(
      (values) => waiting.forEach((callers, key) => callers.forEach((caller) => caller.resolve(values.get(key)))),
      (error: unknown) => waiting.forEach((callers) => callers.forEach((caller) => caller.reject(error))),
    );
  };
  return (key) =>
    new Promise((resolve, reject) => {
      if (!batch) setImmediate(readBatch, (batch = new Map()));
      const callers = batch.get(key);
      if (callers) callers.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
    });
}
