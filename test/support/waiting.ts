/**
 * Test support for waiting on an event instead of on the clock: a promise the test resolves when the
 * event happens, and a wait on a condition another process or the database decides.
 */

export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
}

/** A promise with its `resolve` at hand, for the code under test to signal what it reached. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/**
 * Resolves with the first value `attempt` gives other than `undefined` or `false`, for state a test
 * can only read (a server in another process, a database, a log file). The outcome never depends on
 * how long it takes: the deadline only turns a condition that will not come into a failure, not a hang.
 */
export async function eventually<T>(
  attempt: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs; // sleep-ok: the deadline of a wait on a condition
  for (;;) {
    const value = await attempt();
    if (value !== undefined && value !== false) return value;
    // sleep-ok: the deadline of a wait on a condition
    if (performance.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    // sleep-ok: a pause between reads keeps the poll from starving the server it reads
    await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
  }
}

const POLL_PAUSE_MS = 25;
