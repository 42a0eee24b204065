import { ConnectionError } from '@opensearch-project/opensearch/lib/errors';
import type { Logger, OpenSearchClient } from '@host/server/types';
import { IndexerConnection } from './connection';
import { IndexerError } from './errors';

const client = {} as OpenSearchClient;

function connected(): IndexerConnection {
  const connection = new IndexerConnection('wazuh-alerts-*');
  connection.connect({
    client,
    hosts: ['https://a:9200'],
    demo: false,
    secrets: ['pw-123'],
    requestTimeoutMs: 5_000,
    nodeStates: () => [],
  });
  return connection;
}

/** A call as the client returns it: a promise that can be aborted. */
function call<T extends object>(
  outcome: Promise<{ body: T; statusCode: number }>,
  abort = jest.fn(),
) {
  return Object.assign(outcome, { abort });
}

describe('IndexerConnection', () => {
  it('says how to connect an indexer while none is configured', async () => {
    const connection = new IndexerConnection('wazuh-alerts-*');
    expect(connection).toMatchObject({ configured: false, demo: false, hosts: [] });
    await expect(
      connection.request(() => call(Promise.resolve({ body: {}, statusCode: 200 }))),
    ).rejects.toMatchObject({
      code: 'indexer_not_configured',
      statusCode: 503,
      message: expect.stringContaining('SVC_INDEXER_URL'),
    });
  });

  it('resolves with the JSON body of the call', async () => {
    const connection = connected();
    const send = jest.fn(() => call(Promise.resolve({ body: { count: 3 }, statusCode: 200 })));
    await expect(connection.request(send)).resolves.toEqual({ count: 3 });
    expect(send).toHaveBeenCalledWith(client);
  });

  it('refuses a body that is not a JSON object', async () => {
    await expect(
      connected().request(() => call(Promise.resolve({ body: 'OK' as never, statusCode: 200 }))),
    ).rejects.toMatchObject({ code: 'indexer_bad_answer' });
  });

  it('turns client failures into IndexerErrors without the password', async () => {
    const failure = connected().request(() =>
      call<object>(Promise.reject(new ConnectionError('refused (pw-123)'))),
    );
    await expect(failure).rejects.toBeInstanceOf(IndexerError);
    await expect(failure).rejects.toMatchObject({ code: 'indexer_unreachable' });
    await expect(failure).rejects.not.toMatchObject({ message: expect.stringContaining('pw-123') });
  });

  it('aborts the call when the caller goes away', async () => {
    const controller = new AbortController();
    const abort = jest.fn();
    let fail: (error: Error) => void = () => undefined;
    const pending = connected().request(
      () => call<object>(new Promise<never>((_resolve, reject) => (fail = reject)), abort),
      controller.signal,
    );
    controller.abort();
    expect(abort).toHaveBeenCalledTimes(1);
    fail(new ConnectionError('aborted'));
    await expect(pending).rejects.toMatchObject({ code: 'indexer_unreachable' });
  });

  it('ends a call whose answer outlasts the time budget, body included, as a timeout', async () => {
    jest.useFakeTimers();
    try {
      const abort = jest.fn();
      let fail: (error: Error) => void = () => undefined;
      abort.mockImplementation(() => fail(new ConnectionError('socket hang up')));
      const pending = connected().request(() =>
        call<object>(new Promise<never>((_resolve, reject) => (fail = reject)), abort),
      );
      jest.advanceTimersByTime(4_999);
      expect(abort).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(abort).toHaveBeenCalledTimes(1);
      await expect(pending).rejects.toMatchObject({ code: 'indexer_timeout', statusCode: 504 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('logs where the indexer could not be reached under a reference the user is given', async () => {
    const warn = jest.fn();
    const connection = new IndexerConnection('wazuh-alerts-*', { warn } as unknown as Logger);
    connection.connect({
      client,
      hosts: ['http://10.0.0.5:9200'],
      demo: false,
      secrets: ['pw-123'],
      requestTimeoutMs: 5_000,
      nodeStates: () => [],
    });
    const failure = await connection
      .request(() =>
        call<object>(Promise.reject(new ConnectionError('connect ECONNREFUSED 10.0.0.5:9200'))),
      )
      .then(
        () => {
          throw new Error('expected a failure');
        },
        (error: unknown) => error as IndexerError,
      );
    const reference = /reference ([0-9a-f]{8})\.$/.exec(failure.message)?.[1];
    expect(failure.message.startsWith('The indexer cannot be reached.')).toBe(true);
    expect(failure.message).not.toContain('10.0.0.5');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`[${reference}]`));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ECONNREFUSED 10.0.0.5:9200'));
  });

  it("gives each node's state, and its last failure scrubbed to admins only", () => {
    const connection = new IndexerConnection('wazuh-alerts-*');
    const since = new Date('2026-01-02T03:04:05Z');
    connection.connect({
      client,
      hosts: ['https://a:9200', 'https://b:9200'],
      demo: false,
      secrets: ['pw-123'],
      requestTimeoutMs: 5_000,
      nodeStates: () => [
        { url: 'https://a:9200/', alive: true, since },
        {
          url: 'https://b:9200/',
          alive: false,
          since,
          lastFailure: { message: 'ConnectionError: refused pw-123', at: since },
        },
      ],
    });
    expect(connection.nodes(false)).toEqual([
      { url: 'https://a:9200', state: 'alive', since: since.toISOString() },
      { url: 'https://b:9200', state: 'dead', since: since.toISOString() },
    ]);
    expect(connection.nodes(true)[1]).toEqual({
      url: 'https://b:9200',
      state: 'dead',
      since: since.toISOString(),
      lastError: `ConnectionError: refused [REDACTED] (${since.toISOString()})`,
    });
  });
});
