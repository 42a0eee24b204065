/**
 * The managed API's request limit: one global fixed-window counter for the whole API (not per client),
 * counting every request including logins. The window opens with its first request; the first request
 * after 60 s resets the counter without being counted. Over the limit → 429 code 6001.
 * Hand-written (not rate-limiter-flexible) to reproduce exactly this window rule.
 */
import { codedProblem } from '../http/problem';

const WINDOW_MS = 60_000;

export class RequestRateLimiter {
  private windowStart = -Infinity;
  private count = 0;

  constructor(
    private readonly maxPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; throws 429/6001 when the window's budget is spent. */
  take(): void {
    const now = this.now();
    if (now - this.windowStart > WINDOW_MS) {
      const first = this.windowStart === -Infinity;
      this.windowStart = now;
      this.count = first ? 1 : 0;
      return;
    }
    this.count++;
    if (this.count > this.maxPerMinute) throw codedProblem(6001, { node: null });
  }
}
