/**
 * An answer a host declares larger than `svc.api.maxResponseBytes` is refused with 502
 * `response_too_large` naming the cap before the dashboard sends a byte of it, on the real server,
 * through the proxy (`POST /api/request`) and the CSV export; one that only grows past the cap while
 * streaming is aborted; one of exactly the cap passes; an answer that has no body by HTTP's rules is
 * not judged by the length it declares.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { TestUpstream } from '../../support/test-upstream';
import type { TestDashboard } from '../harness';
import { postAsSession, startSingleHostDashboard } from '../single-host';

jest.setTimeout(60_000);

const PASSWORD = 'Size-Pw-7f2c-not-for-output';
const CAP = 1024 * 1024;
const CAP_NAMED = `${CAP} bytes the dashboard accepts (svc.api.maxResponseBytes)`;

interface ErrorBody {
  statusCode: number;
  message: string;
  attributes: { code: string };
}

/** Headers only, then one byte, then nothing: the host never finishes what it announced. */
function announceOnly(headers: Record<string, string>, status = 200) {
  return (_request: unknown, response: ServerResponse) => {
    response.writeHead(status, headers);
    response.write('[');
  };
}

describe('answers declared larger than svc.api.maxResponseBytes', () => {
  let upstream: TestUpstream;
  let dashboard: TestDashboard;
  let cookie: string;

  beforeAll(async () => {
    ({ upstream, dashboard, cookie } = await startSingleHostDashboard({
      apiHostId: 'big',
      password: PASSWORD,
      api: { maxResponseBytes: CAP, timeoutMs: 10_000 },
    }));
  });
  afterAll(async () => {
    await dashboard?.stop();
    await upstream?.stop();
  });

  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    postAsSession({ dashboard, cookie }, route, body, { headers });
  const proxied = (path: string, headers?: Record<string, string>, method = 'GET') =>
    post('/api/request', { id: 'big', method, path }, headers);

  async function expectTooLarge(response: Response): Promise<void> {
    expect(response.status).toBe(502);
    const body = (await response.json()) as ErrorBody;
    expect(body.attributes.code).toBe('response_too_large');
    expect(body.message).toContain(CAP_NAMED);
  }

  it.each([
    ['one byte over the cap', String(CAP + 1), 'application/octet-stream', 200],
    ['300,000,000 bytes of JSON', '300000000', 'application/json', 200],
    ['an error answer over the cap', String(CAP * 4), 'application/problem+json', 500],
  ])('refuses %s before a byte with 502 naming the cap', async (_label, length, type, status) => {
    const path = `/declared-${length}-${status}`;
    upstream.route(
      'GET',
      path,
      announceOnly({ 'content-type': type, 'content-length': length }, status),
    );
    await expectTooLarge(await proxied(path));
  });

  it('refuses a compressed answer by the length it declares, whatever the browser accepts', async () => {
    upstream.route(
      'GET',
      '/declared-gzip',
      announceOnly({
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(CAP + 1),
      }),
    );
    await expectTooLarge(await proxied('/declared-gzip', { 'accept-encoding': 'gzip, br' }));
  });

  it('passes an answer of exactly the cap byte for byte, also to a browser that accepts gzip', async () => {
    const bytes = Buffer.alloc(CAP, 7);
    upstream.route('GET', '/exact', async (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(CAP),
      });
      for (let at = 0; at < CAP; at += 64 * 1024)
        if (!response.write(bytes.subarray(at, at + 64 * 1024))) await once(response, 'drain');
      response.end();
    });
    for (const acceptEncoding of ['identity', 'gzip']) {
      const response = await proxied('/exact', { 'accept-encoding': acceptEncoding });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('passes a compressed answer whose declared length is within the cap as the host sent it', async () => {
    const packed = gzipSync(Buffer.from(JSON.stringify({ data: { total: 1 }, error: 0 })));
    upstream.route('GET', '/gzip-small', (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-encoding': 'gzip',
        'content-length': String(packed.length),
      });
      response.end(packed);
    });
    const response = await proxied('/gzip-small');
    expect(response.status).toBe(200);
    const received = Buffer.from(await response.arrayBuffer());
    expect(gunzipSync(received).toString()).toContain('"total":1');
  });

  it.each([
    ['ends at exactly the cap', CAP, 200],
    ['grows one byte past the cap', CAP + 1, 'aborted'],
    ['grows without end', Infinity, 'aborted'],
  ])(
    'streams a chunked answer that %s, aborting it past the cap',
    async (_label, total, outcome) => {
      const path = `/chunked-${total}`;
      upstream.route('GET', path, async (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        let sent = 0;
        while (sent < total && !response.destroyed) {
          const piece = Buffer.alloc(Math.min(64 * 1024, total - sent), 5);
          sent += piece.length;
          if (!response.write(piece)) await once(response, 'drain').catch(() => undefined);
        }
        response.end();
      });
      const response = await proxied(path);
      // Once streaming has started the status is sent: past the cap the download breaks off.
      expect(response.status).toBe(200);
      if (outcome === 'aborted') await expect(response.arrayBuffer()).rejects.toThrow();
      else expect((await response.arrayBuffer()).byteLength).toBe(CAP);
    },
  );

  it('does not judge an answer with no body (204) by the length it declares', async () => {
    upstream.route('DELETE', '/no-body', (_request, response) => {
      response.writeHead(204, { 'content-length': String(CAP * 300) });
      response.end();
    });
    const response = await proxied('/no-body', {}, 'DELETE');
    expect(response.status).toBe(204);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses a declared oversized page of the CSV export with 502 before the file starts', async () => {
    upstream.route(
      'GET',
      '/agents',
      announceOnly({ 'content-type': 'application/json', 'content-length': String(CAP * 2) }),
    );
    const response = await post('/api/csv', { id: 'big', path: '/agents', filters: [] });
    expect(response.headers.get('content-disposition')).toBeNull();
    await expectTooLarge(response);
  });

  it('answers HEAD on the proxy route as a request the route does not serve, not with a body', async () => {
    const response = await fetch(`${dashboard.url}/api/request`, {
      method: 'HEAD',
      headers: { cookie, 'osd-xsrf': 'test' },
    });
    expect(response.status).toBe(404);
    const refused = await proxied('/exact', {}, 'HEAD');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).message).toContain('[request body.method]');
  });
});
