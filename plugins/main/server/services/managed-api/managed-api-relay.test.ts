/**
 * `ManagedApiService.relay` and the transport's bounds against a hostile host: answers pass on byte
 * for byte (whole or streamed), and huge, endless, cut-short, mislabelled or oddly numbered answers
 * end in a typed error, never in a truncated answer that looks complete.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { createRecordingLogger } from '@host/server/saved-objects/testing';
import type { ClientConnection } from '@host/server/types';
import {
  startTestUpstream,
  sendJson,
  upstreamHost,
  type TestUpstream,
} from '@test/support/test-upstream';
import { deferred } from '@test/support/waiting';
import { DEFAULT_CA_FILE_MAX_BYTES } from '../api-hosts/ca-file';
import { checkApiCall } from './api-call';
import {
  ApiAnswersBusyError,
  ApiAnswerTooLargeError,
  ApiHostTimeoutError,
  ApiLoginError,
  ApiRequestAbortedError,
  MalformedApiResponseError,
} from './errors';
import { ManagedApiService } from './managed-api-service';
import { TokenStore } from './token-store';
import { CHECKED_ANSWER_BYTES, HostTransport, type TransportSettings } from './transport';

const PASSWORD = 'Relay-Pw-91c4-not-for-output';
const MAX_RESPONSE_BYTES = 1024 * 1024;

async function readAll(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes `bytes` in pieces, each after the previous one was flushed, without a content-length. */
async function writeChunked(response: ServerResponse, bytes: Buffer, piece = 16 * 1024) {
  for (let at = 0; at < bytes.length; at += piece) {
    if (!response.write(bytes.subarray(at, at + piece))) await once(response, 'drain');
  }
}

describe('ManagedApiService.relay', () => {
  let upstream: TestUpstream;
  let transport: HostTransport;
  let service: ManagedApiService;
  /** Resolves when the upstream sees the dashboard's connection of the last handled request close. */
  let upstreamClosed: Promise<void>;

  async function setup(
    settings: Partial<TransportSettings> = {},
    options: { timeoutMs?: number; echoCredentials?: boolean; password?: string } = {},
  ) {
    upstream = await startTestUpstream({
      password: options.password ?? PASSWORD,
      echoCredentials: options.echoCredentials,
    });
    transport = new HostTransport({
      maxResponseBytes: MAX_RESPONSE_BYTES,
      maxBufferedBytes: 8 * MAX_RESPONSE_BYTES,
      maxSockets: 8,
      maxCaFileBytes: DEFAULT_CA_FILE_MAX_BYTES,
      ...settings,
    });
    service = new ManagedApiService({
      hosts: {
        resolve: async (id) => (id === 'prod' ? upstreamHost(upstream, PASSWORD) : undefined),
      },
      transport,
      tokens: new TokenStore(transport, {
        maxEntries: 10,
        expirySkewMs: 0,
        fallbackLifetimeMs: 60_000,
      }),
      logger: createRecordingLogger(),
      timeoutMs: options.timeoutMs ?? 5_000,
    });
  }

  function route(path: string, handler: (response: ServerResponse) => unknown) {
    upstream.route('GET', path, (_request, response) => {
      upstreamClosed = once(response, 'close').then(() => undefined);
      void handler(response);
    });
  }

  const relay = (path: string) =>
    service.relay(null, checkApiCall('GET', path, undefined, 'prod'), 'prod');

  afterEach(async () => {
    transport?.close();
    await upstream?.stop();
  });

  it('hands a small JSON answer on whole, as sent', async () => {
    await setup();
    const text = '{"data":{"affected_items":[{"id":"000","name":"ünïcode"}]},"error":0}';
    route('/agents', (response) => sendJson(response, 200, JSON.parse(text)));
    const answer = await relay('/agents');
    expect(answer).toMatchObject({ status: 200, contentType: 'application/json' });
    expect(Buffer.isBuffer(answer.body)).toBe(true);
    expect((answer.body as Buffer).toString('utf8')).toBe(text);
  });

  it.each([
    ['with a content-length', true],
    ['chunked', false],
  ])('streams a large binary answer %s, byte for byte', async (_label, withLength) => {
    await setup();
    const bytes = randomBytes(CHECKED_ANSWER_BYTES * 6 + 17);
    route('/download', async (response) => {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        ...(withLength ? { 'content-length': String(bytes.length) } : {}),
      });
      await writeChunked(response, bytes);
      response.end();
    });
    const answer = await relay('/download');
    expect(Buffer.isBuffer(answer.body)).toBe(false);
    expect(answer.contentLength).toBe(withLength ? bytes.length : undefined);
    expect((await readAll(answer.body)).equals(bytes)).toBe(true);
  });

  it('streams a large JSON answer unchanged, without parsing it', async () => {
    await setup();
    const items = Array.from({ length: 3000 }, (_, index) => ({ id: String(index), os: 'linux' }));
    const text = JSON.stringify({ data: { affected_items: items }, error: 0 });
    route('/agents', (response) => sendJson(response, 200, JSON.parse(text)));
    const answer = await relay('/agents');
    expect(Buffer.isBuffer(answer.body)).toBe(false);
    expect((await readAll(answer.body)).toString('utf8')).toBe(text);
  });

  it('refuses an answer announced larger than the limit before passing anything on, and cuts the connection', async () => {
    await setup();
    route('/huge', (response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(MAX_RESPONSE_BYTES * 4),
      });
      response.write('[');
    });
    await expect(relay('/huge')).rejects.toBeInstanceOf(ApiAnswerTooLargeError);
    await upstreamClosed;
  });

  it('aborts a streamed answer that grows past the limit, and cuts the connection', async () => {
    await setup();
    route('/endless', async (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      const piece = Buffer.alloc(16 * 1024, '0,');
      while (!response.destroyed) {
        if (!response.write(piece)) await once(response, 'drain').catch(() => undefined);
      }
    });
    const answer = await relay('/endless');
    await expect(readAll(answer.body)).rejects.toBeInstanceOf(ApiAnswerTooLargeError);
    await upstreamClosed;
  });

  it('answers 504 when a small answer stops coming within the time budget', async () => {
    await setup({}, { timeoutMs: 400 });
    route('/slow', (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[1,');
    });
    await expect(relay('/slow')).rejects.toBeInstanceOf(ApiHostTimeoutError);
    await upstreamClosed;
  });

  it('aborts a streamed answer that stops coming when the time budget runs out', async () => {
    await setup({}, { timeoutMs: 400 });
    route('/slow', (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`[${'1,'.repeat(CHECKED_ANSWER_BYTES)}`);
    });
    const answer = await relay('/slow');
    await expect(readAll(answer.body)).rejects.toBeInstanceOf(ApiHostTimeoutError);
    await upstreamClosed;
  });

  it.each([
    ['small', 200],
    ['large', CHECKED_ANSWER_BYTES * 3],
  ])(
    'never passes on a %s answer shorter than its content-length as complete',
    async (_label, size) => {
      await setup();
      route('/short', (response) => {
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': String(size),
        });
        response.write(Buffer.alloc(size / 2, 1));
        response.socket?.destroySoon();
      });
      const outcome = relay('/short').then((answer) => readAll(answer.body));
      await expect(outcome).rejects.toBeInstanceOf(MalformedApiResponseError);
      await expect(outcome).rejects.toThrow(/incomplete/);
    },
  );

  it.each([600, 999])('turns HTTP status %i into a dashboard error', async (status) => {
    await setup();
    route('/odd', (response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end('{}');
    });
    await expect(relay('/odd')).rejects.toMatchObject({
      statusCode: 502,
      code: 'malformed_response',
      message: expect.stringContaining(String(status)),
    });
  });

  it('does not pass on a redirect', async () => {
    await setup();
    route('/moved', (response) => {
      response.writeHead(302, { location: 'http://elsewhere.example/' });
      response.end();
    });
    await expect(relay('/moved')).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringContaining('redirect'),
    });
  });

  it.each([
    ['small', '<html>Bad gateway</html>'],
    ['small and cut', '{"data": {"affected_items": ['],
    ['large', `<html>${'x'.repeat(CHECKED_ANSWER_BYTES * 2)}</html>`],
  ])('refuses a %s non-JSON answer that says it is JSON', async (_label, text) => {
    await setup();
    route('/lies', (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(text);
    });
    await expect(relay('/lies')).rejects.toBeInstanceOf(MalformedApiResponseError);
  });

  it.each([
    ['an object cut after a string', '{"data": {"affected_items": [{"name": "web"'],
    ['an array cut after a number', '[1, 2, 3'],
    ['a lone brace', '{'],
    ['a lone quote', ' " '],
    ['an object closed by a bracket', '{"data": []]'],
  ])(
    'refuses a small answer that says JSON and ends before the document does: %s',
    async (_label, text) => {
      await setup();
      route('/cut', (response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(text);
      });
      await expect(relay('/cut')).rejects.toMatchObject({
        code: 'malformed_response',
        message: expect.stringMatching(/not valid JSON \((it ends before|it does not start)/),
      });
    },
  );

  it.each([
    ['an object', ' {"error": 0}\n'],
    ['an array', '[]'],
    ['a string', '"text"'],
    ['a number', '-12.5e3'],
    ['a digit', '7'],
    ['true', 'true'],
    ['false', 'false'],
    ['null', 'null'],
  ])('hands on %s as sent', async (_label, text) => {
    await setup();
    route('/doc', (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(text);
    });
    expect(((await relay('/doc')).body as Buffer).toString('utf8')).toBe(text);
  });

  it.each([
    ['with a content-length', true],
    ['chunked', false],
  ])(
    'aborts a streamed JSON answer %s that ends before the document does, holding its last chunk back',
    async (_label, withLength) => {
      await setup();
      const text = `[${'1,'.repeat(CHECKED_ANSWER_BYTES * 2)}`;
      route('/cut', async (response) => {
        response.writeHead(200, {
          'content-type': 'application/json',
          ...(withLength ? { 'content-length': String(text.length) } : {}),
        });
        await writeChunked(response, Buffer.from(text));
        response.end();
      });
      const answer = await relay('/cut');
      const received: Buffer[] = [];
      const reading = (async () => {
        for await (const chunk of answer.body as Readable) received.push(chunk as Buffer);
      })();
      await expect(reading).rejects.toMatchObject({
        code: 'malformed_response',
        message: expect.stringContaining('it ends before the document does'),
      });
      expect(Buffer.concat(received).length).toBeLessThan(text.length);
    },
  );

  it.each([
    ['while the host holds the call', false],
    ['before the call is sent', true],
  ])(
    'stops, cutting the host off, when the caller goes away %s, and lets go of the caller',
    async (_label, goneFirst) => {
      await setup();
      let gone = goneFirst;
      const listeners = new Set<() => void>();
      const caller: ClientConnection = {
        get gone() {
          return gone;
        },
        onGone(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
      const sent = deferred();
      route('/stalls', () => sent.resolve());
      const outcome = service
        .relay(null, checkApiCall('GET', '/stalls', undefined, 'prod'), 'prod', caller)
        .catch((error: unknown) => error);
      if (!goneFirst) {
        await sent.promise;
        gone = true;
        for (const listener of listeners) listener();
        await upstreamClosed;
      }
      expect(await outcome).toBeInstanceOf(ApiRequestAbortedError);
      expect(listeners.size).toBe(0);
    },
  );

  it('cuts the host off when the consumer of a streamed answer goes away', async () => {
    await setup();
    route('/endless', async (response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const piece = Buffer.alloc(16 * 1024, 7);
      while (!response.destroyed) {
        if (!response.write(piece)) await once(response, 'drain').catch(() => undefined);
      }
    });
    const answer = await relay('/endless');
    (answer.body as Readable).destroy();
    await upstreamClosed;
  });

  it('refuses with 503 and Retry-After while answers being read fill the shared budget', async () => {
    await setup({ maxBufferedBytes: CHECKED_ANSWER_BYTES });
    let finishFirst!: () => void;
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    route('/slow-small', (response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(CHECKED_ANSWER_BYTES),
      });
      response.write('[');
      finishFirst = () => response.end(`${' '.repeat(CHECKED_ANSWER_BYTES - 2)}]`);
      firstStarted();
    });
    upstream.route('GET', '/small', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '3' });
      response.end('[1]');
    });
    const first = relay('/slow-small');
    await started;
    await expect(relay('/small')).rejects.toMatchObject({
      constructor: ApiAnswersBusyError,
      statusCode: 503,
      retryAfterSeconds: 1,
    });
    finishFirst();
    expect((await first).status).toBe(200);
    expect((await relay('/small')).status).toBe(200);
  });

  it('keeps the stored password and the token out of a login error the host echoes them in', async () => {
    await setup({}, { echoCredentials: true, password: 'not-the-stored-one' });
    const failure = relay('/agents');
    await expect(failure).rejects.toBeInstanceOf(ApiLoginError);
    const error = (await failure.catch((caught: unknown) => caught)) as ApiLoginError;
    const told = JSON.stringify({ message: error.message, upstream: error.upstream });
    expect(told).toContain('Invalid credentials');
    expect(told).not.toContain(PASSWORD);
    expect(told).not.toContain(Buffer.from(`wazuh-wui:${PASSWORD}`).toString('base64'));
  });

  it('keeps the token out of an error answer that echoes it', async () => {
    await setup();
    let sentToken = '';
    upstream.route('GET', '/echo', (request, response) => {
      sentToken = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      sendJson(response, 400, { title: 'Bad Request', detail: `token ${sentToken} is odd` });
    });
    const answer = await relay('/echo');
    const text = (answer.body as Buffer).toString('utf8');
    expect(sentToken.length).toBeGreaterThan(20);
    expect(text).not.toContain(sentToken);
    expect(JSON.parse(text)).toEqual({ title: 'Bad Request', detail: 'token [REDACTED] is odd' });
    expect(answer.contentLength).toBe(Buffer.byteLength(text));
  });
});
