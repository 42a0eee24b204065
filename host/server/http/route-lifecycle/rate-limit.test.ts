import type { Refusal } from './refusal';
import { createUserRateLimit, type UserRateLimit } from './rate-limit';

/** One counted request: 'next' when let through, else the refusal. */
function count(limit: UserRateLimit, username: string): Promise<'next' | Refusal> {
  return new Promise((resolve, reject) => limit(username, () => resolve('next'), resolve, reject));
}

describe('createUserRateLimit', () => {
  it('is absent for a route without a limit', () => {
    expect(createUserRateLimit('get /api/x', undefined)).toBeUndefined();
  });

  it("answers 429 with Retry-After past a user's allowance, counting each user apart", async () => {
    const limit = createUserRateLimit('post /api/request', { points: 2, durationSeconds: 60 })!;
    expect(await count(limit, 'alice')).toBe('next');
    expect(await count(limit, 'alice')).toBe('next');
    expect(await count(limit, 'bob')).toBe('next');
    const refusal = await count(limit, 'alice');
    expect(refusal).toEqual({
      statusCode: 429,
      message: expect.stringMatching(/^Too many requests; try again in \d+ seconds\.$/),
      attributes: { code: 'rate_limited' },
      retryAfterSeconds: expect.any(Number),
    });
    const { retryAfterSeconds } = refusal as Refusal;
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('keeps the counts of two routes apart', async () => {
    const first = createUserRateLimit('get /a', { points: 1, durationSeconds: 60 })!;
    const second = createUserRateLimit('get /b', { points: 1, durationSeconds: 60 })!;
    expect(await count(first, 'alice')).toBe('next');
    expect(await count(second, 'alice')).toBe('next');
    expect(await count(first, 'alice')).toMatchObject({ statusCode: 429 });
  });
});
