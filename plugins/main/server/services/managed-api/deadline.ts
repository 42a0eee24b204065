/**
 * One time budget for everything a call to a managed API does (login, request, one retry), combined
 * with the caller's own cancel signal. Hand-written instead of `AbortSignal.any` + `AbortSignal.timeout`
 * because the error must say which of the two fired, and the listener on a long-lived caller signal
 * must be removed when the call ends.
 */
export interface Deadline {
  signal: AbortSignal;
  timeoutMs: number;
  timedOut(): boolean;
  dispose(): void;
}

export function startDeadline(timeoutMs: number, callerSignal?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`deadline of ${timeoutMs} ms passed`));
  }, timeoutMs);
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timeoutMs,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
