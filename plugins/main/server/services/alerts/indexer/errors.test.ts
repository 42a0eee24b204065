import {
  ConnectionError,
  DeserializationError,
  NoLivingConnectionsError,
  ResponseError,
  TimeoutError,
} from '@opensearch-project/opensearch/lib/errors';
import { credentialSecrets } from '../../managed-api/secret-scrubber';
import { IndexerError, scrubCredentials, toIndexerError } from './errors';

function responseError(statusCode: number, body: unknown, headers: Record<string, string> = {}) {
  return new ResponseError({
    body,
    statusCode,
    headers,
    warnings: null,
    meta: {} as never,
  });
}

function mapped(error: unknown, secrets: string[] = []): IndexerError {
  const result = toIndexerError(error, secrets);
  if (!(result instanceof IndexerError)) throw new Error('expected an IndexerError');
  return result;
}

describe('toIndexerError', () => {
  it.each([
    [401, { error: 'Unauthorized' }, 'indexer_unauthorized', 502],
    [
      403,
      { error: { type: 'security_exception', reason: 'no permissions' } },
      'indexer_unauthorized',
      502,
    ],
    [429, { error: { type: 'too_many_requests', reason: 'slow down' } }, 'indexer_rejected', 502],
    [
      503,
      { error: { type: 'es_rejected_execution_exception', reason: 'rejected execution' } },
      'indexer_rejected',
      502,
    ],
    [
      503,
      { error: { type: 'cluster_block_exception', reason: 'blocked' } },
      'indexer_unavailable',
      502,
    ],
    [500, 'Internal error from a proxy', 'indexer_unavailable', 502],
    [
      400,
      { error: { type: 'parsing_exception', reason: 'unknown query [foo]' } },
      'indexer_bad_request',
      502,
    ],
  ])('maps an answer %i to its code', (status, body, code, statusCode) => {
    const error = mapped(responseError(status, body));
    expect(error).toMatchObject({ code, statusCode, upstream: { status } });
  });

  it("keeps OpenSearch's reason and type for a refused query", () => {
    const error = mapped(
      responseError(400, {
        error: {
          root_cause: [{ type: 'parsing_exception', reason: 'unknown query [foo]' }],
          type: 'parsing_exception',
          reason: 'unknown query [foo]',
        },
        status: 400,
      }),
    );
    expect(error.message).toBe('The indexer refused the request (HTTP 400): unknown query [foo].');
    expect(error.toAttributes()).toEqual({
      code: 'indexer_bad_request',
      upstream: { status: 400, type: 'parsing_exception', reason: 'unknown query [foo]' },
    });
  });

  it('gives a rejection under load a Retry-After, from the indexer when it sends one', () => {
    expect(mapped(responseError(429, {}, { 'retry-after': '7' })).retryAfterSeconds).toBe(7);
    expect(mapped(responseError(429, {})).retryAfterSeconds).toBe(1);
  });

  it('maps network failures, time-outs and non-JSON bodies', () => {
    expect(mapped(new ConnectionError('connect ECONNREFUSED 127.0.0.1:9200'))).toMatchObject({
      code: 'indexer_unreachable',
      statusCode: 502,
      message: 'The indexer cannot be reached.',
      detail: 'connect ECONNREFUSED 127.0.0.1:9200',
    });
    expect(mapped(new NoLivingConnectionsError('none', {} as never)).code).toBe(
      'indexer_unreachable',
    );
    expect(mapped(new TimeoutError('Request timed out', {} as never))).toMatchObject({
      code: 'indexer_timeout',
      statusCode: 504,
    });
    expect(mapped(new DeserializationError('bad', '<html>'))).toMatchObject({
      code: 'indexer_bad_answer',
      statusCode: 502,
    });
  });

  it('leaves what the client cannot have thrown unchanged', () => {
    const bug = new TypeError('x is undefined');
    expect(toIndexerError(bug)).toBe(bug);
  });

  it('takes credentials out of every message', () => {
    const error = mapped(
      new ConnectionError('connect ECONNREFUSED https://admin:S3cret!@indexer:9200 (S3cret!)'),
      ['S3cret!'],
    );
    expect(error.message).not.toContain('S3cret!');
    expect(error.message).not.toContain('admin:');
    const echoed = mapped(
      responseError(401, { error: 'Authorization: Basic YWRtaW46czNjcmV0 was refused' }),
    );
    expect(echoed.message).not.toContain('YWRtaW46czNjcmV0');
    expect(JSON.stringify(echoed.toAttributes())).not.toContain('YWRtaW46czNjcmV0');
  });
});

describe('scrubCredentials', () => {
  it('redacts user:password@ and user@ in URLs, Basic and Bearer values and given secrets', () => {
    expect(
      scrubCredentials('GET http://u:p@a:9200/x and https://u@b/ Bearer abc.def hunter2', [
        'hunter2',
      ]),
    ).toBe('GET http://[REDACTED]@a:9200/x and https://[REDACTED]@b/ Bearer [REDACTED] [REDACTED]');
  });
});

describe('every field copied out of an indexer answer', () => {
  const username = 'reader';
  const password = 'p@ss word/1';
  const secrets = credentialSecrets(username, password);
  const pair = `${username}:${password}`;
  const basic = Buffer.from(pair).toString('base64');

  it.each([
    ['the password in error.type', { error: { type: `${password}_exception`, reason: 'x' } }],
    ['a reason only in root_cause', { error: { root_cause: [{ type: 't', reason: pair }] } }],
    ['the bare Basic token', { error: { type: 't', reason: `token ${basic}` } }],
    ['the URL-encoded pair', { error: { type: 't', reason: encodeURIComponent(pair) } }],
    [
      'the form-encoded password',
      { error: { reason: encodeURIComponent(password).replace(/%20/g, '+') } },
    ],
    ['a text body', `refused ${pair}`],
    ['an error string', { error: `refused ${basic}` }],
  ])('%s is scrubbed', (_name, body) => {
    for (const status of [400, 401, 429, 500, 503]) {
      const error = mapped(responseError(status, body), secrets);
      const shown = `${error.message} ${JSON.stringify(error.toAttributes())}`;
      for (const form of secrets) expect(shown).not.toContain(form);
      expect(shown).toContain('[REDACTED]');
    }
  });

  it('takes no field that is not text, and cuts a long one', () => {
    const error = mapped(
      responseError(400, { error: { type: { nested: password }, reason: 'r'.repeat(10_000) } }),
      secrets,
    );
    expect(error.upstream.type).toBeUndefined();
    expect(error.upstream.reason).toHaveLength(500);
  });
});
