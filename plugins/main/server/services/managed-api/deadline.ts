/**
 * One time budget for everything a call to a managed API does (login, request, one retry, and the
 * relayed body), combined with the caller's going away. One timer and no AbortController per call:
 * when the budget runs out or the caller goes away, the exchange in flight is destroyed directly, and
 * the error says which of the two ended it. The caller is watched as a `ClientConnection` (the
 * proxy route's own, which costs no AbortController either) or through its abort signal.
 */
import type { ClientConnection } from '@host/server/types';

/** A caller's abort signal, watched as a connection. */
export function signalConnection(signal: AbortSignal): ClientConnection {
  return {
    get gone() {
      return signal.aborted;
    },
    onGone(listener) {
      signal.addEventListener('abort', listener, { once: true });
      return () => signal.removeEventListener('abort', listener);
    },
  };
}

/** What a deadline can stop: the request in flight (a `ClientRequest`). */
export interface Stoppable {
  destroy(error?: Error): unknown;
}

function expire(deadline: Deadline): void {
  deadline.stop('timeout');
}

export class Deadline {
  private readonly timer: NodeJS.Timeout;
  private ended: 'timeout' | 'cancelled' | undefined;
  private exchange: Stoppable | undefined;
  private stopWatchingCaller: (() => void) | undefined;

  constructor(
    readonly timeoutMs: number,
    caller?: ClientConnection,
  ) {
    this.timer = setTimeout(expire, timeoutMs, this);
    if (caller?.gone) this.ended = 'cancelled';
    else if (caller) this.stopWatchingCaller = caller.onGone(() => this.stop('cancelled'));
  }

  /** True once the time budget ran out. */
  get timedOut(): boolean {
    return this.ended === 'timeout';
  }

  /** True once the caller went away before the time budget ran out. */
  get cancelled(): boolean {
    return this.ended === 'cancelled';
  }

  stop(reason: 'timeout' | 'cancelled'): void {
    if (this.ended) return;
    this.ended = reason;
    this.exchange?.destroy(new Error(reason === 'timeout' ? 'deadline passed' : 'caller left'));
  }

  /** The exchange now in flight; it is stopped at once when the deadline is already over. */
  watch(exchange: Stoppable): void {
    this.exchange = exchange;
    if (this.ended) exchange.destroy(new Error('deadline over before the request was sent'));
  }

  /**
   * From now on only the timer counts: the relayed body's consumer notices itself when its client
   * goes away, and a long-lived caller must not keep a listener per call.
   */
  releaseCaller(): void {
    this.stopWatchingCaller?.();
    this.stopWatchingCaller = undefined;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.releaseCaller();
    this.exchange = undefined;
  }
}
