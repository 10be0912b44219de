/** Runs async work one at a time, in call order. */
export type Serialize = <T>(work: () => Promise<T>) => Promise<T>;

/** A mutex for async work inside this process. */
export function processMutex(): Serialize {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * SQLite writes of every app in this process. better-sqlite3 waits for a lock synchronously, so
 * two apps of one process on one database file (tests of several servers) would stall each other
 * until the busy timeout if one held a write transaction open across an `await`; separate
 * processes never need this. PostgreSQL needs nothing: its client waits asynchronously.
 */
export const sqliteWrites: Serialize = processMutex();
