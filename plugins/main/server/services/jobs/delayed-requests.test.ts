import { randomBytes } from 'node:crypto';
import {
  startTestSavedObjects,
  type TestSavedObjects,
} from '../../../../../host/server/saved-objects/testing';
import type { AuthenticatedUser } from '../../../../../host/server/types';
import { DELAYED_REQUEST_SAVED_OBJECT_TYPE } from '../../../common/constants';
import type { ManagedApiService } from '../managed-api/managed-api-service';
import { SecretCipher } from '../secrets/secret-cipher';
import { DelayedRequestQueue, type DelayedRequest } from './delayed-requests';
import { delayedRequestSavedObjectType } from './saved-object-type';

interface SentRequest {
  user: string | undefined;
  method: string;
  path: string;
  body: unknown;
  host: string;
}

/** The managed-API client as the queue uses it: records each request and answers per path. */
function fakeApi(answers: Record<string, number | Error> = {}) {
  const sent: SentRequest[] = [];
  const api: Pick<ManagedApiService, 'asUser'> = {
    asUser: (user: AuthenticatedUser | null) => ({
      request: async (method, path, body, options) => {
        sent.push({ user: user?.username, method, path, body, host: options.apiHostID });
        const answer = answers[path] ?? 200;
        if (answer instanceof Error) throw answer;
        return { status: answer, headers: {}, data: undefined as never };
      },
    }),
  };
  return { api, sent };
}

const alice: AuthenticatedUser = { username: 'alice', roles: ['admin'] };

function request(path: string, dueAt: number, body?: unknown): DelayedRequest {
  return { apiHostId: 'prod', method: 'PUT', path, body, user: alice, dueAt };
}

describe('DelayedRequestQueue', () => {
  let savedObjects: TestSavedObjects;
  const cipher = new SecretCipher(randomBytes(32));

  beforeEach(async () => {
    savedObjects = await startTestSavedObjects((setup) =>
      setup.registerType(delayedRequestSavedObjectType),
    );
  });
  afterEach(() => savedObjects.cleanup());

  const repository = () =>
    savedObjects.start.createInternalRepository([DELAYED_REQUEST_SAVED_OBJECT_TYPE]);

  function queue(api = fakeApi().api) {
    return new DelayedRequestQueue(repository(), cipher, api, savedObjects.logger);
  }

  /** How many requests wait in the store. */
  async function waiting(): Promise<number> {
    return (await repository().find({ type: DELAYED_REQUEST_SAVED_OBJECT_TYPE, perPage: 0 })).total;
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
        message: 'Delayed request PUT /refused on [prod] for [alice] answered 403.',
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
    const stored = await repository().find({ type: DELAYED_REQUEST_SAVED_OBJECT_TYPE });
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
        message: 'Delayed request PUT /broken on [prod] for [alice] failed: host down',
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
});
