/**
 * Lifecycle step: a route's allowance per dashboard user (`options.perUserRateLimit`), counted
 * after the user is known and before the body is read; past it, 429 with `Retry-After`.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Refusal } from './refusal';

function tooManyRequestsMessage(retryAfterSeconds: number): string {
  return `Too many requests; try again in ${retryAfterSeconds} seconds.`;
}

/** Counts one request of `username`: `next` when within the allowance, else `refuse` (429). */
export type UserRateLimit = (
  username: string,
  next: () => void,
  refuse: (refusal: Refusal) => void,
  fail: (error: unknown) => void,
) => void;

/** The route's limit (keyed by `name`, e.g. `post /api/request`), or undefined when it has none. */
export function createUserRateLimit(
  name: string,
  limit: { points: number; durationSeconds: number } | undefined,
): UserRateLimit | undefined {
  if (!limit) return undefined;
  const limiter = new RateLimiterMemory({
    keyPrefix: name,
    points: limit.points,
    duration: limit.durationSeconds,
  });
  return (username, next, refuse, fail) => {
    limiter.consume(username).then(
      () => next(),
      (rejection: unknown) => {
        if (!(rejection instanceof RateLimiterRes)) {
          fail(rejection);
          return;
        }
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        refuse({
          statusCode: 429,
          message: tooManyRequestsMessage(seconds),
          attributes: { code: 'rate_limited' },
          retryAfterSeconds: seconds,
        });
      },
    );
  };
}
