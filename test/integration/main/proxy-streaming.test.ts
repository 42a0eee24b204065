/**
 * `POST /api/request` on the real server against a hostile host: large answers pass through byte for
 * byte as they stream, and answers the dashboard cannot pass on honestly end in a dashboard error
 * (before the first byte) or an aborted download (after it), never in a 500 or a truncated body that
 * looks complete.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { sendJson, type TestUpstream } from '../../support/test-upstream';
import type { TestDashboard } from '../harness';
import { postAsSession, startSingleHostDashboard } from '../single-host';

jest.setTimeout(60_000);

const PASSWORD = 'Hostile-Pw-5e1d-not-for-output';
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

async function writeAll(response: ServerResponse, bytes: Buffer, piece = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += piece)
    if (!response.write(bytes.subarray(at, at + piece))) await once(response, 'drain');
}

describe('POST /api/request against a hostile host', () => {
  let upstream: TestUpstream;
  let dashboard: TestDashboard;
  let cookie: string;

  beforeAll(async () => {
    ({ upstream, dashboard, cookie } = await startSingleHostDashboard({
      apiHostId: 'hostile',
      password: PASSWORD,
      api: { maxResponseBytes: MAX_RESPONSE_BYTES, timeoutMs: 5_000 },
    }));
  });
  afterAll(async () => {
    await dashboard?.stop();
    await upstream?.stop();
  });

  const proxied = (path: string, signal?: AbortSignal) =>
    postAsSession(
      { dashboard, cookie },
      '/api/request',
      { id: 'hostile', method: 'GET', path },
      { signal },
    );

  /** A JSON answer of about `bytes`, larger than any answer read whole. */
  function largeJson(bytes: number): Buffer {
    const agent = { id: '001', name: 'web-ünïcode', ip: '10.0.0.1', status: 'active' };
    const count = Math.ceil(bytes / JSON.stringify(agent).length);
    return Buffer.from(
      JSON.stringify({ data: { affected_items: Array(count).fill(agent) }, error: 0 }),
    );
  }

  it.each([
    ['binary', 'application/octet-stream', 'with a content-length', true],
    ['binary', 'application/octet-stream', 'chunked', false],
    ['JSON', 'application/json; charset=utf-8', 'with a content-length', true],
    ['JSON', 'application/json; charset=utf-8', 'chunked', false],
  ])(
    'passes a large %s answer (%s) %s on byte for byte',
    async (kind, contentType, _label, withLength) => {
      const bytes =
        kind === 'JSON'
          ? largeJson(MAX_RESPONSE_BYTES / 2)
          : randomBytes(MAX_RESPONSE_BYTES - 1000);
      upstream.route('GET', '/large', async (_request, response) => {
        response.writeHead(200, {
          'content-type': contentType,
          ...(withLength ? { 'content-length': String(bytes.length) } : {}),
        });
        await writeAll(response, bytes);
        response.end();
      });
      const response = await proxied('/large');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(contentType);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    },
  );

  it.each([
    ['with a content-length', true],
    ['chunked', false],
  ])(
    'aborts the download of a large JSON answer %s that ends before the document does',
    async (_label, withLength) => {
      const whole = largeJson(MAX_RESPONSE_BYTES / 2);
      const cut = whole.subarray(0, whole.length - 3);
      upstream.route('GET', '/json-cut', async (_request, response) => {
        response.writeHead(200, {
          'content-type': 'application/json',
          ...(withLength ? { 'content-length': String(cut.length) } : {}),
        });
        await writeAll(response, cut);
        response.end();
      });
      const response = await proxied('/json-cut');
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
    },
  );

  it('answers 502 naming the limit when the host announces a larger answer', async () => {
    upstream.route('GET', '/announced-huge', (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(MAX_RESPONSE_BYTES * 10),
      });
      response.write('[');
    });
    const response = await proxied('/announced-huge');
    expect(response.status).toBe(502);
    const body = (await response.json()) as { message: string; attributes: { code: string } };
    expect(body.attributes.code).toBe('response_too_large');
    expect(body.message).toContain('svc.api.maxResponseBytes');
  });

  it('aborts the download when a streamed answer grows past the limit', async () => {
    upstream.route('GET', '/growing', async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const piece = Buffer.alloc(64 * 1024, 1);
      while (!response.destroyed)
        if (!response.write(piece)) await once(response, 'drain').catch(() => undefined);
    });
    const response = await proxied('/growing');
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  it('aborts the download when a streamed answer is cut short', async () => {
    upstream.route('GET', '/cut', async (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(1024 * 1024),
      });
      await writeAll(response, Buffer.alloc(512 * 1024, 2));
      response.socket?.destroySoon();
    });
    const response = await proxied('/cut');
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  it('answers 502, not 500, for a status outside the HTTP range', async () => {
    upstream.route('GET', '/odd', (_request, response) => {
      response.writeHead(799, { 'content-type': 'application/json' });
      response.end('{}');
    });
    const response = await proxied('/odd');
    expect(response.status).toBe(502);
    expect(((await response.json()) as { attributes: { code: string } }).attributes.code).toBe(
      'malformed_response',
    );
  });

  it('answers 502 for a non-JSON answer that says it is JSON', async () => {
    upstream.route('GET', '/html', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('<html><body>Service Unavailable</body></html>');
    });
    expect((await proxied('/html')).status).toBe(502);
  });

  it('cuts the host off when the browser goes away mid-answer', async () => {
    let hostSawClose!: Promise<unknown>;
    upstream.route('GET', '/endless', async (_request, response) => {
      hostSawClose = once(response, 'close');
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const piece = Buffer.alloc(64 * 1024, 3);
      while (!response.destroyed)
        if (!response.write(piece)) await once(response, 'drain').catch(() => undefined);
    });
    const controller = new AbortController();
    const response = await proxied('/endless', controller.signal);
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await hostSawClose;
  });

  it('keeps the token out of an error answer that echoes it', async () => {
    let token = '';
    upstream.route('GET', '/echo', (request, response) => {
      token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      sendJson(response, 400, { title: 'Bad Request', detail: `bad token ${token}` });
    });
    const response = await proxied('/echo');
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(token.length).toBeGreaterThan(20);
    expect(text).not.toContain(token);
    expect(text).toContain('[REDACTED]');
  });
});
