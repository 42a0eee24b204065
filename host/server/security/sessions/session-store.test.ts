import type { AuthenticatedUser } from '../../types';
import { startTestSavedObjects, type TestSavedObjects } from '../../saved-objects/testing';
import { registerSecurityTypes, SECURITY_TYPES, SESSION_TYPE } from '../saved-object-types';
import { MAX_LAST_SEEN_WRITE_INTERVAL_MS, SESSION_CACHE_MS, SessionStore } from './session-store';

const MINUTE = 60_000;
const TTL = 480 * MINUTE;
const IDLE = 60 * MINUTE;

describe('SessionStore', () => {
  let so: TestSavedObjects;
  let clock: number;
  let people: Map<string, AuthenticatedUser>;

  function createStore(): SessionStore {
    return new SessionStore({
      repository: so.start.createInternalRepository(SECURITY_TYPES),
      coordination: so.service.coordination,
      lookupUser: async (username) => people.get(username) ?? null,
      ttlMs: TTL,
      idleTimeoutMs: IDLE,
      now: () => clock,
    });
  }

  const sessionsInDatabase = async () =>
    (
      await so.start
        .createInternalRepository(SECURITY_TYPES)
        .find<{ username: string; last_seen_at: number }>({ type: SESSION_TYPE, perPage: 100 })
    ).saved_objects;

  beforeEach(async () => {
    clock = Date.parse('2024-06-01T08:00:00.000Z');
    people = new Map([
      ['ann', { username: 'ann', roles: ['admin'] }],
      ['ben', { username: 'ben', roles: ['user'] }],
    ]);
    so = await startTestSavedObjects(registerSecurityTypes);
  });
  afterEach(() => so.cleanup());

  it('creates a random token and stores only its hash', async () => {
    const store = createStore();
    const session = await store.create(people.get('ann')!);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt).toBe(clock + TTL);
    const [stored] = await sessionsInDatabase();
    expect(stored.id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(session.token);
    await expect(store.verify(session.token)).resolves.toEqual({
      username: 'ann',
      roles: ['admin'],
    });
  });

  it('answers from memory only while a session is freshly verified and needs no write', async () => {
    const store = createStore();
    const { token } = await store.create(people.get('ann')!);
    expect(store.verifyFromCache(token)).toBeUndefined();
    await store.verify(token);
    expect(store.verifyFromCache(token)).toEqual({ username: 'ann', roles: ['admin'] });
    expect(store.verifyFromCache('x'.repeat(43))).toBeUndefined();
    clock += SESSION_CACHE_MS;
    expect(store.verifyFromCache(token)).toBeUndefined();
    await store.verify(token);
    expect(store.verifyFromCache(token)).toBeDefined();
    await store.revoke(token);
    expect(store.verifyFromCache(token)).toBeUndefined();
  });

  it('refuses unknown and malformed tokens', async () => {
    const store = createStore();
    await store.create(people.get('ann')!);
    await expect(store.verify('x'.repeat(43))).resolves.toBeNull();
    await expect(store.verify('not a token')).resolves.toBeNull();
    await expect(store.verify('')).resolves.toBeNull();
  });

  it('survives a restart: a new store on the same database accepts the token', async () => {
    const { token } = await createStore().create(people.get('ben')!);
    await expect(createStore().verify(token)).resolves.toEqual({
      username: 'ben',
      roles: ['user'],
    });
  });

  it('ends at the absolute expiry even when used all the time', async () => {
    const store = createStore();
    const { token } = await store.create(people.get('ann')!);
    for (let t = 0; t < TTL - IDLE / 2; t += IDLE / 2) {
      clock += IDLE / 2;
      await expect(store.verify(token)).resolves.not.toBeNull();
    }
    clock = Date.parse('2024-06-01T08:00:00.000Z') + TTL;
    await expect(store.verify(token)).resolves.toBeNull();
    expect(await sessionsInDatabase()).toHaveLength(0);
  });

  it('ends after the idle timeout', async () => {
    const store = createStore();
    const { token } = await store.create(people.get('ann')!);
    clock += IDLE - 1;
    await expect(store.verify(token)).resolves.not.toBeNull();
    clock += IDLE - 1;
    await expect(store.verify(token)).resolves.not.toBeNull();
    clock += IDLE;
    await expect(store.verify(token)).resolves.toBeNull();
    // Gone for other instances too.
    await expect(createStore().verify(token)).resolves.toBeNull();
  });

  it('writes the last-seen time at most once per interval, and other instances see it', async () => {
    const store = createStore();
    const { token } = await store.create(people.get('ann')!);
    const created = clock;
    const interval = Math.min(MAX_LAST_SEEN_WRITE_INTERVAL_MS, IDLE / 4);
    clock += interval - 1;
    await store.verify(token);
    expect((await sessionsInDatabase())[0].attributes.last_seen_at).toBe(created);
    clock += 1;
    await store.verify(token);
    expect((await sessionsInDatabase())[0].attributes.last_seen_at).toBe(clock);
    // Another instance, idle measured from the write just made.
    clock += IDLE - 1;
    await expect(createStore().verify(token)).resolves.not.toBeNull();
  });

  it('logout ends the session here at once, and elsewhere once the short cache lapses', async () => {
    const here = createStore();
    const elsewhere = createStore();
    const { token } = await here.create(people.get('ann')!);
    await expect(elsewhere.verify(token)).resolves.not.toBeNull();
    await here.revoke(token);
    await expect(here.verify(token)).resolves.toBeNull();
    await expect(elsewhere.verify(token)).resolves.not.toBeNull();
    clock += SESSION_CACHE_MS;
    await expect(elsewhere.verify(token)).resolves.toBeNull();
  });

  it('ends every session of a user, and follows role changes and removed users', async () => {
    const store = createStore();
    const first = await store.create(people.get('ann')!);
    const second = await store.create(people.get('ann')!);
    const other = await store.create(people.get('ben')!);
    await store.revokeAllFor('ann');
    await expect(store.verify(first.token)).resolves.toBeNull();
    await expect(store.verify(second.token)).resolves.toBeNull();
    await expect(store.verify(other.token)).resolves.not.toBeNull();

    people.set('ben', { username: 'ben', roles: ['admin'] });
    store.evictUser('ben');
    await expect(store.verify(other.token)).resolves.toEqual({ username: 'ben', roles: ['admin'] });

    people.delete('ben');
    clock += SESSION_CACHE_MS;
    await expect(store.verify(other.token)).resolves.toBeNull();
    expect(await sessionsInDatabase()).toHaveLength(0);
  });

  it('sweeps sessions that are idle or past their expiry and keeps live ones', async () => {
    const store = createStore();
    const start = clock;
    const idle = await store.create(people.get('ann')!);
    clock = start + IDLE / 2;
    const live = await store.create(people.get('ben')!);
    clock = start + IDLE + 1;
    await expect(store.sweepExpired()).resolves.toBe(1);
    await expect(store.verify(idle.token)).resolves.toBeNull();
    await expect(store.verify(live.token)).resolves.not.toBeNull();

    clock = start + TTL + IDLE;
    await expect(store.sweepExpired()).resolves.toBe(1);
    expect(await sessionsInDatabase()).toHaveLength(0);
  });

  it('sweeps a busy session once past its absolute expiry', async () => {
    const store = createStore();
    const start = clock;
    const busy = await store.create(people.get('ann')!);
    for (clock = start + IDLE / 2; clock < start + TTL; clock += IDLE / 2)
      await store.verify(busy.token);
    clock = start + TTL + 1;
    await expect(store.sweepExpired()).resolves.toBe(1);
    expect(await sessionsInDatabase()).toHaveLength(0);
  });
});
