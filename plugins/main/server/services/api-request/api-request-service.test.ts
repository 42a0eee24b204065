import type { AuthenticatedUser } from '@host/server/types';
import type { QueuedRequest } from '../jobs/queued-requests';
import { ApiHostNotFoundError } from '../managed-api/errors';
import type { RelayedAnswer } from '../managed-api/transport';
import { ApiRequestService, relayedBody } from './api-request-service';

const bob: AuthenticatedUser = { username: 'bob', roles: ['user'] };

function answer(
  status: number,
  data: unknown,
  contentType = 'application/json',
): RelayedAnswer & { body: Buffer } {
  const body = Buffer.from(typeof data === 'string' ? data : JSON.stringify(data));
  return { status, contentType, contentLength: body.length, body };
}

function service(upstream: RelayedAnswer, hostExists = true) {
  const sent: unknown[][] = [];
  const queued: QueuedRequest[] = [];
  const requests = new ApiRequestService({
    api: {
      relay: async (...args) => {
        sent.push(args.slice(1));
        return upstream;
      },
    },
    hosts: { get: async (id) => (hostExists ? ({ id } as never) : undefined) },
    queue: {
      enqueue: async (request) => {
        queued.push(request);
        return 'queued-1';
      },
    },
    maxDelayMs: 60_000,
    now: () => 1_000,
  });
  return { requests, sent, queued };
}

describe('relayedBody', () => {
  it('passes successes and errors that carry a message byte for byte', () => {
    const ok = answer(200, { data: { affected_items: [] }, error: 0 });
    expect(relayedBody(ok)).toBe(ok.body);
    const withMessage = answer(400, { message: 'own', detail: 'x' });
    expect(relayedBody(withMessage)).toBe(withMessage.body);
    const text = answer(502, 'Bad gateway', 'text/plain');
    expect(relayedBody(text)).toBe(text.body);
  });

  it("adds the managed API's detail (else its title) as message, keeping its own fields", () => {
    const problem = {
      title: 'Bad Request',
      detail: 'limit is too big',
      error: 1000,
      remediation: 'r',
    };
    expect(JSON.parse(relayedBody(answer(400, problem)).toString())).toEqual({
      ...problem,
      message: 'limit is too big',
    });
    expect(JSON.parse(relayedBody(answer(403, { title: 'Forbidden' })).toString())).toEqual({
      title: 'Forbidden',
      message: 'Forbidden',
    });
    expect(JSON.parse(relayedBody(answer(500, {})).toString())).toEqual({
      message: 'The API host answered 500.',
    });
  });
});

describe('ApiRequestService', () => {
  it('sends now, with query, verbatim body and headers, as the current user', async () => {
    const { requests, sent } = service(answer(200, { error: 0 }));
    const outcome = await requests.handle(bob, {
      id: 'prod',
      method: 'PUT',
      path: '/lists/files/ips',
      body: {
        params: { overwrite: true },
        body: '1.2.3.4:bad',
        origin: 'raw',
        headers: { 'x-a': 'b' },
      },
    });
    expect(outcome).toEqual({
      kind: 'answered',
      status: 200,
      contentType: 'application/json',
      body: Buffer.from('{"error":0}'),
    });
    expect(sent).toEqual([
      [
        {
          method: 'PUT',
          path: '/lists/files/ips?overwrite=true',
          body: '1.2.3.4:bad',
          contentType: 'application/octet-stream',
          headers: { 'x-a': 'b' },
        },
        'prod',
        undefined,
      ],
    ]);
  });

  it('queues a request with a delay for its user and says its id and due time', async () => {
    const { requests, sent, queued } = service(answer(200, {}));
    const outcome = await requests.handle(bob, {
      id: 'prod',
      method: 'PUT',
      path: '/manager/restart',
      body: { delay: 5_000 },
    });
    expect(outcome).toEqual({ kind: 'queued', id: 'queued-1', dueAt: 6_000, delayMs: 5_000 });
    expect(sent).toEqual([]);
    expect(queued).toEqual([
      {
        apiHostId: 'prod',
        method: 'PUT',
        path: '/manager/restart',
        body: {},
        headers: undefined,
        user: bob,
        dueAt: 6_000,
      },
    ]);
  });

  it('refuses to queue for a host that is not stored', async () => {
    const { requests } = service(answer(200, {}), false);
    await expect(
      requests.handle(bob, { id: 'gone', method: 'PUT', path: '/x', body: { delay: 10 } }),
    ).rejects.toBeInstanceOf(ApiHostNotFoundError);
  });
});
