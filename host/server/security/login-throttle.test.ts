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
import { createLoginLimiters, LoginThrottle, type LoginThrottleConfig } from './login-throttle';

const CONFIG: LoginThrottleConfig = {
  freeAttempts: 2,
  maxBackoffSeconds: 8,
  nameCeiling: 5,
  slowLaneSeconds: 2,
  windowSeconds: 600,
  clientWindowSeconds: 600,
  knownClientDays: 1,
};

const memoryThrottle = (config: LoginThrottleConfig = CONFIG) =>
  new LoginThrottle(
    createLoginLimiters((options) => new RateLimiterMemory(options), config),
    config,
  );

describe('LoginThrottle', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('by default lets three failures go free, then waits from 1 s doubling up to 900 s, for a day', async () => {
    const throttle = new LoginThrottle(
      createLoginLimiters((options) => new RateLimiterMemory(options)),
    );
    const waits: number[] = [];
    for (let failure = 1; failure <= 14; failure += 1) {
      await throttle.recordFailure('ann', '10.0.0.1');
      waits.push(await throttle.retryAfterSeconds('ann', '10.0.0.1'));
    }
    expect(waits).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
    jest.advanceTimersByTime(900_000);
    await throttle.recordFailure('ann', '10.0.0.1');
    await expect(throttle.retryAfterSeconds('ann', '10.0.0.1')).resolves.toBe(900);
    jest.advanceTimersByTime(86_400_000);
    // The failures are forgotten with their window: the next three are free again.
    for (let failure = 1; failure <= 3; failure += 1)
      await throttle.recordFailure('ann', '10.0.0.1');
    await expect(throttle.retryAfterSeconds('ann', '10.0.0.1')).resolves.toBe(0);
  });

  it('by default holds back a name past 100 failures from clients that never failed, one per 2 s', async () => {
    const throttle = new LoginThrottle(
      createLoginLimiters((options) => new RateLimiterMemory(options)),
    );
    for (let i = 0; i < 99; i += 1) await throttle.recordFailure('admin', `203.0.113.${i}`);
    await expect(throttle.retryAfterSeconds('admin', '10.0.0.1')).resolves.toBe(0);
    await expect(throttle.retryAfterSeconds('admin', '10.0.0.2')).resolves.toBe(0);
    await throttle.recordFailure('admin', '203.0.113.99');
    await expect(throttle.retryAfterSeconds('admin', '10.0.0.3')).resolves.toBe(0);
    await expect(throttle.retryAfterSeconds('admin', '10.0.0.4')).resolves.toBe(2);
  });

  it('by default knows a client that logged in for 14 days', async () => {
    const throttle = new LoginThrottle(
      createLoginLimiters((options) => new RateLimiterMemory(options)),
    );
    await throttle.recordSuccess('ann', '10.0.0.1');
    jest.advanceTimersByTime(14 * 86_400_000 - 1000);
    await expect(throttle.isKnownClient('ann', '10.0.0.1')).resolves.toBe(true);
    jest.advanceTimersByTime(1000);
    await expect(throttle.isKnownClient('ann', '10.0.0.1')).resolves.toBe(false);
  });

  it('lets the free attempts through, then makes the client wait longer after each failure', async () => {
    const throttle = memoryThrottle({ ...CONFIG, nameCeiling: 100 });
    const waits: number[] = [];
    for (let failure = 1; failure <= 7; failure += 1) {
      await throttle.recordFailure('ann', '10.0.0.1');
      const wait = await throttle.retryAfterSeconds('ann', '10.0.0.1');
      waits.push(wait);
      jest.advanceTimersByTime(wait * 1000);
      await expect(throttle.retryAfterSeconds('ann', '10.0.0.1')).resolves.toBe(0);
    }
    expect(waits).toEqual([0, 0, 1, 2, 4, 8, 8]);
  });

  it('never makes another client wait for one client’s failures below the name ceiling', async () => {
    const throttle = memoryThrottle();
    for (let i = 0; i < 4; i += 1) await throttle.recordFailure('admin', '203.0.113.9');
    await expect(throttle.retryAfterSeconds('admin', '203.0.113.9')).resolves.toBeGreaterThan(0);
    await expect(throttle.retryAfterSeconds('admin', '10.0.0.1')).resolves.toBe(0);
    await expect(throttle.retryAfterSeconds('ben', '203.0.113.9')).resolves.toBe(0);
  });

  it.each(['Admin', ' admin ', 'ADMIN', '\uff41dmin'])(
    'counts the variant %j of a name as that name',
    async (variant) => {
      const throttle = memoryThrottle();
      // The free attempts as the name, then one failure as the variant: only the same name waits.
      for (let i = 0; i < CONFIG.freeAttempts; i += 1)
        await throttle.recordFailure('admin', '10.0.0.1');
      await throttle.recordFailure(variant, '10.0.0.1');
      await expect(throttle.retryAfterSeconds('admin', '10.0.0.1')).resolves.toBe(1);
    },
  );

  it('knows a client for a name once it logged in as it, until knownClientDays have passed', async () => {
    const throttle = memoryThrottle();
    await expect(throttle.isKnownClient('ann', '10.0.0.1')).resolves.toBe(false);
    await throttle.recordFailure('ann', '10.0.0.1');
    await expect(throttle.isKnownClient('ann', '10.0.0.1')).resolves.toBe(false);
    await throttle.recordSuccess(' Ann', '10.0.0.1');
    await expect(throttle.isKnownClient('ann', '10.0.0.1')).resolves.toBe(true);
    await expect(throttle.isKnownClient('ann', '10.0.0.2')).resolves.toBe(false);
    await expect(throttle.isKnownClient('ben', '10.0.0.1')).resolves.toBe(false);
    jest.advanceTimersByTime(CONFIG.knownClientDays * 86_400_000 - 1000);
    await throttle.recordSuccess('ann', '10.0.0.1');
    jest.advanceTimersByTime(2000);
    await expect(throttle.isKnownClient('ann', '10.0.0.1')).resolves.toBe(true);
    jest.advanceTimersByTime(CONFIG.knownClientDays * 86_400_000);
    await expect(throttle.isKnownClient('ann', '10.0.0.1')).resolves.toBe(false);
  });

  it('clears a client’s back-off for a name once it logs in', async () => {
    const throttle = memoryThrottle();
    for (let i = 0; i < 3; i += 1) await throttle.recordFailure('ann', '10.0.0.1');
    await throttle.recordSuccess('Ann', '10.0.0.1');
    await expect(throttle.retryAfterSeconds('ann', '10.0.0.1')).resolves.toBe(0);
    await throttle.recordFailure('ann', '10.0.0.1');
    await expect(throttle.retryAfterSeconds('ann', '10.0.0.1')).resolves.toBe(0);
  });

  it('past the name ceiling, holds back clients that failed and slows, never shuts out, the others', async () => {
    const throttle = memoryThrottle();
    // Guesses spread over many addresses, each within its free attempts.
    for (let i = 0; i < 5; i += 1) await throttle.recordFailure('admin', `203.0.113.${i}`);
    await expect(throttle.retryAfterSeconds('admin', '203.0.113.0')).resolves.toBeGreaterThan(0);
    // The owner from an address that has not failed: one attempt per slow-lane period.
    await expect(throttle.retryAfterSeconds('admin', '10.0.0.1')).resolves.toBe(0);
    await expect(throttle.retryAfterSeconds('admin', '10.0.0.2')).resolves.toBe(2);
    jest.advanceTimersByTime(2000);
    await expect(throttle.retryAfterSeconds('admin', '10.0.0.2')).resolves.toBe(0);
    // Other names are not affected.
    await expect(throttle.retryAfterSeconds('ben', '203.0.113.0')).resolves.toBe(0);
  });

  it('keeps doubling the wait of a guesser who waits out each one, up to the longest wait', async () => {
    const throttle = new LoginThrottle(
      createLoginLimiters((options) => new RateLimiterMemory(options)),
    );
    const waits: number[] = [];
    for (let failure = 1; failure <= 16; failure += 1) {
      await throttle.recordFailure('ann', '10.0.0.1');
      const wait = await throttle.retryAfterSeconds('ann', '10.0.0.1');
      waits.push(wait);
      jest.advanceTimersByTime(wait * 1000);
    }
    expect(waits).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });

  it('forgets failures once the window has passed', async () => {
    const throttle = memoryThrottle({ ...CONFIG, windowSeconds: 60, clientWindowSeconds: 60 });
    for (let i = 0; i < 5; i += 1) await throttle.recordFailure('ann', `203.0.113.${i}`);
    await expect(throttle.retryAfterSeconds('ann', '203.0.113.0')).resolves.toBeGreaterThan(0);
    jest.advanceTimersByTime(60_000);
    await expect(throttle.retryAfterSeconds('ann', '203.0.113.0')).resolves.toBe(0);
    await expect(throttle.retryAfterSeconds('ann', '10.0.0.1')).resolves.toBe(0);
    await expect(throttle.retryAfterSeconds('ann', '10.0.0.2')).resolves.toBe(0);
  });
});

describeWithPostgres('LoginThrottle on PostgreSQL', () => {
  // A database is created and migrated: generous on a loaded machine.
  jest.setTimeout(60_000);
  let database: TestDatabase;
  const opened: PostgresDatabase[] = [];

  /** The throttle of one instance: its own connections to the shared database. */
  function instanceThrottle(config: LoginThrottleConfig = CONFIG): LoginThrottle {
    const logger = createRecordingLogger();
    const connection = new PostgresDatabase({ url: database.url, logger, poolSize: 2 });
    opened.push(connection);
    const coordination = new PostgresCoordination(connection, logger);
    return new LoginThrottle(
      createLoginLimiters((options) => coordination.rateLimiter(options), config),
      config,
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

  it('counts failures made on any instance, per client and per name', async () => {
    const [a, b] = [instanceThrottle(), instanceThrottle()];
    await a.recordFailure('ann', '10.0.0.1');
    await b.recordFailure('Ann', '10.0.0.1');
    await a.recordFailure('ann', '10.0.0.1');
    await expect(b.retryAfterSeconds('ann', '10.0.0.1')).resolves.toBeGreaterThan(0);
    await expect(b.retryAfterSeconds('ann', '10.0.0.2')).resolves.toBe(0);
    await b.recordSuccess('ann', '10.0.0.1');
    await expect(a.retryAfterSeconds('ann', '10.0.0.1')).resolves.toBe(0);
    for (let i = 0; i < 3; i += 1) await b.recordFailure('ann', `203.0.113.${i}`);
    await expect(a.retryAfterSeconds('ann', '203.0.113.0')).resolves.toBeGreaterThan(0);
  });
});
