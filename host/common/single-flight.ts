/**
 * Runs `task` for `key` unless one is already running, in which case its promise is shared:
 * concurrent callers for the same key cause one piece of work. The one copy for the host and the
 * plugins (through `host/server/types` and `host/public/types`). (Hand-written: a few lines, no
 * installed library offers it.)
 */
export function singleFlight<K, T>(
  inFlight: Map<K, Promise<T>>,
  key: K,
  task: () => Promise<T>,
): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running;
  const started = task().finally(() => {
    // The owner may have dropped or replaced the entry meanwhile (e.g. on logout); leave a newer one.
    if (inFlight.get(key) === started) inFlight.delete(key);
  });
  inFlight.set(key, started);
  return started;
}
