import { RateLimiterMemory } from 'rate-limiter-flexible';
import { PostgresDatabase } from '../saved-objects/postgres/database';
import { PostgresCoordination } from '../saved-objects/postgres/postgres-coordination';
import { PostgresSavedObjectsStore } from '../saved-objects/postgres/postgres-store';
import {
  createTestDatabase,
  describeWithPostgres,
  type TestDatabase,
} from '../saved-objects/postgres/test-support';
import { createRecordingLogger } from '../saved-objects/testing';
import {
  createLoginLimiters,
  DEFAULT_LOGIN_THROTTLE,
  LoginThrottle,
  type LoginThrottleConfig,
} from './login-throttle';

const createMemoryLoginLimiters = (config: LoginThrottleConfig) =>
  createLoginLimiters((options) => new RateLimiterMemory(options), config);

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

describeWithPostgres('LoginThrottle on PostgreSQL', () => {
  // A database is created and migrated: generous on a loaded machine.
  jest.setTimeout(60_000);
  let database: TestDatabase;
  const opened: PostgresDatabase[] = [];

  /** The throttle of one instance: its own connections to the shared database. */
  function instanceThrottle(config: LoginThrottleConfig): LoginThrottle {
    const logger = createRecordingLogger();
    const connection = new PostgresDatabase({ url: database.url, logger, poolSize: 2 });
    opened.push(connection);
    const coordination = new PostgresCoordination(connection, logger);
    return new LoginThrottle(
      createLoginLimiters((options) => coordination.rateLimiter(options), config),
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const logger = createRecordingLogger();
    await (
      await PostgresSavedObjectsStore.open(
        new PostgresDatabase({ url: database.url, logger }),
        logger,
      )
    ).close();
  });
  afterAll(async () => {
    await Promise.all(opened.map((connection) => connection.close()));
    await database.drop();
  });

  it('counts failures made on any instance, and a success on one clears the user name on all', async () => {
    const config = { maxFailuresPerUsername: 4, maxFailuresPerIp: 100, windowSeconds: 600 };
    const [a, b] = [instanceThrottle(config), instanceThrottle(config)];
    await a.recordFailure('ann', '10.0.0.1');
    await b.recordFailure('ann', '10.0.0.2');
    await a.recordFailure('Ann', '10.0.0.3');
    await expect(b.retryAfterSeconds('ann')).resolves.toBe(0);
    await b.recordFailure('ann', '10.0.0.4');
    const wait = await a.retryAfterSeconds('ann');
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    await a.recordSuccess('ann');
    await expect(b.retryAfterSeconds('ann')).resolves.toBe(0);
  });
});
