import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createMemoryLoginLimiters, DEFAULT_LOGIN_THROTTLE, LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  it('has named defaults', () => {
    expect(DEFAULT_LOGIN_THROTTLE).toEqual({
      maxFailuresPerUsername: 5,
      maxFailuresPerIp: 50,
      windowSeconds: 900,
    });
  });

  it('refuses a user name after N failures with the seconds left in the window', async () => {
    const throttle = new LoginThrottle(
      createMemoryLoginLimiters({
        maxFailuresPerUsername: 3,
        maxFailuresPerIp: 100,
        windowSeconds: 600,
      }),
    );
    for (let i = 0; i < 3; i += 1) {
      await expect(throttle.retryAfterSeconds('Ann', '10.0.0.1')).resolves.toBe(0);
      await throttle.recordFailure('Ann', '10.0.0.1');
    }
    const wait = await throttle.retryAfterSeconds('ann', '10.0.0.2');
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    await expect(throttle.retryAfterSeconds('ben', '10.0.0.1')).resolves.toBe(0);
  });

  it('a successful login clears the user name count', async () => {
    const throttle = new LoginThrottle(
      createMemoryLoginLimiters({
        maxFailuresPerUsername: 2,
        maxFailuresPerIp: 100,
        windowSeconds: 600,
      }),
    );
    await throttle.recordFailure('ann', '10.0.0.1');
    await throttle.recordSuccess('ann');
    await throttle.recordFailure('ann', '10.0.0.1');
    await expect(throttle.retryAfterSeconds('ann', '10.0.0.1')).resolves.toBe(0);
    await throttle.recordFailure('ann', '10.0.0.1');
    await expect(throttle.retryAfterSeconds('ann', '10.0.0.1')).resolves.toBeGreaterThan(0);
  });

  it('refuses a client address that fails across many user names', async () => {
    const throttle = new LoginThrottle(
      createMemoryLoginLimiters({
        maxFailuresPerUsername: 100,
        maxFailuresPerIp: 4,
        windowSeconds: 600,
      }),
    );
    for (const name of ['a', 'b', 'c', 'd']) await throttle.recordFailure(name, '10.0.0.9');
    await expect(throttle.retryAfterSeconds('e', '10.0.0.9')).resolves.toBeGreaterThan(0);
    await expect(throttle.retryAfterSeconds('e', '10.0.0.8')).resolves.toBe(0);
    await expect(throttle.retryAfterSeconds('e')).resolves.toBe(0);
  });

  it('lets logins through again once the window has passed', async () => {
    const throttle = new LoginThrottle(
      createMemoryLoginLimiters({
        maxFailuresPerUsername: 1,
        maxFailuresPerIp: 100,
        windowSeconds: 1,
      }),
    );
    await throttle.recordFailure('ann');
    await throttle.recordFailure('ann');
    await expect(throttle.retryAfterSeconds('ann')).resolves.toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(throttle.retryAfterSeconds('ann')).resolves.toBe(0);
  });

  it('takes any limiter store', async () => {
    const byUsername = new RateLimiterMemory({ points: 1, duration: 60 });
    const byIp = new RateLimiterMemory({ points: 1, duration: 60 });
    const throttle = new LoginThrottle({ byUsername, byIp });
    await throttle.recordFailure('ann', '10.0.0.1');
    await expect(byUsername.get('ann')).resolves.toMatchObject({ consumedPoints: 1 });
    await expect(byIp.get('10.0.0.1')).resolves.toMatchObject({ consumedPoints: 1 });
  });
});
