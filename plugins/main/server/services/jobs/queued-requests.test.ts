import { randomBytes } from 'node:crypto';
import { startTestSavedObjects, type TestSavedObjects } from '@host/server/saved-objects/testing';
import type { AuthenticatedUser } from '@host/server/types';
import { QUEUED_REQUEST_SAVED_OBJECT_TYPE } from '../../../common/constants';
import type { ManagedApiService } from '../managed-api/managed-api-service';
import { VerbatimBody } from '../managed-api/verbatim-body';
import { SecretCipher } from '../secrets/secret-cipher';
import { LimitReachedError, NotFoundError } from '../service-errors';
import { QueuedRequestQueue, type QueuedRequest, type QueueOwnerRecord } from './queued-requests';
import { queuedRequestSavedObjectType } from './saved-object-type';

interface SentRequest {
  user: string | undefined;
  method: string;
  path: string;
  body: unknown;
  host: string;
  headers?: Record<string, string>;
}

/** The managed-API client as the queue uses it: records each request and answers per path. */
function fakeApi(answers: Record<string, number | Error> = {}) {
  const sent: SentRequest[] = [];
  const api: Pick<ManagedApiService, 'asUser'> = {
    asUser: (user: AuthenticatedUser | null) => ({
      request: async (method, path, body, options) => {
        sent.push({
          user: user?.username,
          method,
          path,
          body,
          host: options.apiHostId,
          ...(options.headers ? { headers: options.headers } : {}),
        });
        const answer = answers[path] ?? 200;
        if (answer instanceof Error) throw answer;
        return { status: answer, headers: {}, data: undefined as never };
      },
    }),
  };
  return { api, sent };
}

const alice: AuthenticatedUser = { username: 'alice', roles: ['admin'] };
const bob: AuthenticatedUser = { username: 'bob', roles: ['user'] };
const carol: AuthenticatedUser = { username: 'carol', roles: ['user'] };

function request(
  path: string,
  dueAt: number,
  body?: unknown,
  user: AuthenticatedUser = alice,
): QueuedRequest {
  return { apiHostId: 'prod', method: 'PUT', path, body, user, dueAt };
}

/** Dashboard users as the queue looks them up; all unchanged since the epoch unless a test says so. */
function directory(): Map<string, QueueOwnerRecord> {
  const epoch = new Date(0).toISOString();
  return new Map(
    [alice, bob, carol].map((user) => [
      user.username,
      { roles: [...user.roles], updated_at: epoch },
    ]),
  );
}

describe('QueuedRequestQueue', () => {
  let savedObjects: TestSavedObjects;
  const cipher = new SecretCipher(randomBytes(32));

  beforeEach(async () => {
    savedObjects = await startTestSavedObjects((setup) =>
      setup.registerType(queuedRequestSavedObjectType),
    );
  });
  afterEach(() => savedObjects.cleanup());

  const repository = () =>
    savedObjects.start.createInternalRepository([QUEUED_REQUEST_SAVED_OBJECT_TYPE]);

  let users: Map<string, QueueOwnerRecord>;
  beforeEach(() => {
    users = directory();
  });

  function queue(
    api = fakeApi().api,
    caps: { maxPerUser?: number; maxTotal?: number; now?: () => number } = {},
  ) {
    return new QueuedRequestQueue({
      repository: repository(),
      cipher,
      api,
      users: { getUser: async (username) => users.get(username) },
      logger: savedObjects.logger,
      maxPerUser: caps.maxPerUser ?? 1000,
      maxTotal: caps.maxTotal ?? 1000,
      now: caps.now ?? (() => 10),
    });
  }

  /** How many requests wait in the store. */
  async function waiting(): Promise<number> {
    return (await repository().find({ type: QUEUED_REQUEST_SAVED_OBJECT_TYPE, perPage: 0 })).total;
  }

  it('sends what is due, earliest first, once, as the user who queued it', async () => {
    const { api, sent } = fakeApi({ '/refused': 403 });
    const queued = queue(api);
    await queued.enqueue(request('/late', 300));
    await queued.enqueue(request('/early', 100, { force: true }));
    await queued.enqueue(request('/refused', 200));
    expect(await queued.runDue(50)).toBe(0);
    expect(await queued.runDue(250)).toBe(2);
    expect(sent).toEqual([
      { user: 'alice', method: 'PUT', path: '/early', body: { force: true }, host: 'prod' },
      { user: 'alice', method: 'PUT', path: '/refused', body: undefined, host: 'prod' },
    ]);
    expect(await waiting()).toBe(1);
    expect(await queued.runDue(250)).toBe(0);
    expect(savedObjects.logger.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'Queued request PUT /refused on [prod] for [alice] answered 403.',
      }),
    );
  });

  it('keeps queued requests in the store, so a restarted dashboard still sends them', async () => {
    await queue().enqueue(request('/agents/restart', 0));
    const { api, sent } = fakeApi();
    expect(await queue(api).runDue(1)).toBe(1);
    expect(sent.map((item) => item.path)).toEqual(['/agents/restart']);
  });

  it('stores bodies encrypted: a new password in a queued request is not readable at rest', async () => {
    await queue().enqueue(request('/security/users/7', 0, { password: 'Sup3r-secret!' }));
    const stored = await repository().find({ type: QUEUED_REQUEST_SAVED_OBJECT_TYPE });
    expect(JSON.stringify(stored.saved_objects)).not.toContain('Sup3r-secret');
    const { api, sent } = fakeApi();
    await queue(api).runDue(1);
    expect(sent[0].body).toEqual({ password: 'Sup3r-secret!' });
  });

  it('sends each request once when two dashboards run the queue at the same time', async () => {
    const first = fakeApi();
    const second = fakeApi();
    const producer = queue();
    for (let i = 0; i < 30; i += 1) await producer.enqueue(request(`/r/${i}`, i));
    const counts = await Promise.all([queue(first.api).runDue(100), queue(second.api).runDue(100)]);
    expect(counts[0] + counts[1]).toBe(30);
    const paths = [...first.sent, ...second.sent].map((item) => item.path).sort();
    expect(paths).toEqual(Array.from({ length: 30 }, (_, i) => `/r/${i}`).sort());
  });

  it('logs a failure without stopping the others, and does not send it again', async () => {
    const { api, sent } = fakeApi({ '/broken': new Error('host down') });
    const queued = queue(api);
    await queued.enqueue(request('/broken', 0));
    await queued.enqueue(request('/fine', 0));
    expect(await queued.runDue(1)).toBe(2);
    expect(await queued.runDue(1)).toBe(0);
    expect(sent.map((item) => item.path).sort()).toEqual(['/broken', '/fine']);
    expect(savedObjects.logger.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'Queued request PUT /broken on [prod] for [alice] failed: host down',
      }),
    );
  });

  it('sends more due requests than one page holds', async () => {
    const { api, sent } = fakeApi();
    const queued = queue(api);
    for (let i = 0; i < 130; i += 1) await queued.enqueue(request(`/bulk/${i}`, i));
    expect(await queued.runDue(1_000)).toBe(130);
    expect(sent).toHaveLength(130);
    expect(await waiting()).toBe(0);
  });

  it('keeps a verbatim body and the extra headers, encrypted, until the request is sent', async () => {
    const xml = '<group name="local"><rule id="100001">secret-token-123</rule></group>';
    await queue().enqueue({
      ...request('/rules/files/local.xml', 0),
      body: new VerbatimBody(xml, 'application/octet-stream'),
      headers: { 'x-trace': 'secret-trace-9' },
    });
    const stored = JSON.stringify(
      (await repository().find({ type: QUEUED_REQUEST_SAVED_OBJECT_TYPE })).saved_objects,
    );
    expect(stored).not.toContain('secret-token-123');
    expect(stored).not.toContain('secret-trace-9');
    const { api, sent } = fakeApi();
    await queue(api).runDue(1);
    expect(sent[0].body).toEqual(new VerbatimBody(xml, 'application/octet-stream'));
    expect(sent[0].headers).toEqual({ 'x-trace': 'secret-trace-9' });
  });

  describe('belongs to its user', () => {
    it.each([
      ['removed', () => users.delete('bob'), 'the user was removed since it was queued'],
      [
        'given other roles',
        () => users.set('bob', { roles: ['admin'], updated_at: new Date(20).toISOString() }),
        'the user has other roles than when it was queued',
      ],
      [
        'given a new password',
        () => users.set('bob', { roles: ['user'], updated_at: new Date(20).toISOString() }),
        "the user's password or roles changed since it was queued",
      ],
    ])('drops and logs the request of a user %s since queueing', async (_, change, reason) => {
      await queue().enqueue(request('/agents/restart', 0, undefined, bob));
      change();
      const { api, sent } = fakeApi();
      expect(await queue(api).runDue(100)).toBe(0);
      expect(sent).toEqual([]);
      expect(await waiting()).toBe(0);
      expect(savedObjects.logger.records).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          message: `Dropped queued request PUT /agents/restart on [prod] for [bob]: ${reason}.`,
        }),
      );
    });

    it('still sends the request of a user changed before it was queued', async () => {
      users.set('bob', { roles: ['user'], updated_at: new Date(5).toISOString() });
      await queue().enqueue(request('/agents/restart', 0, undefined, bob));
      const { api, sent } = fakeApi();
      expect(await queue(api).runDue(100)).toBe(1);
      expect(sent.map((item) => item.user)).toEqual(['bob']);
    });

    it('lists the caller its own requests and an administrator everyone, with the owner', async () => {
      const queued = queue();
      const bobs = await queued.enqueue(request('/b', 2_000, undefined, bob));
      const carols = await queued.enqueue(request('/c', 1_000, undefined, carol));
      expect(await queued.list(bob)).toEqual({
        items: [
          {
            id: bobs,
            host_id: 'prod',
            method: 'PUT',
            path: '/b',
            owner: 'bob',
            queued_at: new Date(10).toISOString(),
            due_at: new Date(2_000).toISOString(),
          },
        ],
        total: 1,
      });
      expect((await queued.list(alice)).items.map((item) => [item.id, item.owner])).toEqual([
        [carols, 'carol'],
        [bobs, 'bob'],
      ]);
    });

    it('cancels for the owner or an administrator, and answers not found to anyone else', async () => {
      const queued = queue();
      const first = await queued.enqueue(request('/one', 1_000, undefined, bob));
      const second = await queued.enqueue(request('/two', 1_000, undefined, bob));
      await expect(queued.cancel(first, carol)).rejects.toBeInstanceOf(NotFoundError);
      await expect(queued.cancel('no-such-id', bob)).rejects.toBeInstanceOf(NotFoundError);
      await queued.cancel(first, bob);
      await queued.cancel(second, alice);
      await expect(queued.cancel(second, alice)).rejects.toBeInstanceOf(NotFoundError);
      expect(await waiting()).toBe(0);
    });
  });

  describe('caps', () => {
    it('refuses past the per-user cap with the time until a place frees up', async () => {
      const queued = queue(undefined, { maxPerUser: 2, now: () => 1_000 });
      await queued.enqueue(request('/1', 4_200, undefined, bob));
      await queued.enqueue(request('/2', 9_000, undefined, bob));
      const refused = queued.enqueue(request('/3', 9_000, undefined, bob));
      await expect(refused).rejects.toBeInstanceOf(LimitReachedError);
      await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 4, code: 'queue_full' });
      await queued.enqueue(request('/4', 9_000, undefined, carol));
      expect(await waiting()).toBe(3);
    });

    it('refuses past the total cap, even for requests sent at the same time', async () => {
      const queued = queue(undefined, { maxTotal: 5 });
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          queued.enqueue(request(`/${i}`, 5_000, undefined, i % 2 ? bob : carol)),
        ),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
      expect(
        results.filter(
          (result) => result.status === 'rejected' && result.reason instanceof LimitReachedError,
        ),
      ).toHaveLength(3);
      expect(await waiting()).toBe(5);
    });
  });
});
