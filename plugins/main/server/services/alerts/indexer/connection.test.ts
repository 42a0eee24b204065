import { Client } from '@opensearch-project/opensearch';
import { ConnectionError } from '@opensearch-project/opensearch/lib/errors';
import type { OpenSearchClient } from '@host/server/types';
import { IndexerConnection } from './connection';
import { IndexerError } from './errors';

const client = new Client({ node: 'http://127.0.0.1:9' }) as OpenSearchClient;
afterAll(() => client.close());

function connected(): IndexerConnection {
  const connection = new IndexerConnection('wazuh-alerts-*');
  connection.connect({
    client,
    hosts: ['https://a:9200'],
    demo: false,
    secrets: ['pw-123'],
    requestTimeoutMs: 5_000,
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
});
