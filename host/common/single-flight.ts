/**
 * Runs `task` for `key` unless one is already running, in which case its promise is shared:
 * concurrent callers for the same key cause one piece of work. (Hand-written: a few lines, no
 * installed library offers it.)
 */
export function singleFlight<T>(
  inFlight: Map<string, Promise<T>>,
  key: string,
  task: () => Promise<T>,
): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running;
  const started = task().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}
