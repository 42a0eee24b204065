import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CORE_OWNER } from './context-container';
import { IMMUTABLE_CACHE_CONTROL } from './static-assets';
import { startTestHttpServer, type TestHttpServer } from './test-utils';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly the headers given (fetch would add its own Accept-Encoding and decode). */
function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

const SCRIPT = Buffer.from(`export const words = ${JSON.stringify('compress me '.repeat(400))};`);
const SCRIPT_PATH = '/bundles/chunks/app-Ab12Cd34.js';
const ROWS = Array.from({ length: 100 }, (_, index) => ({ id: index, name: `agent-${index}` }));
const AUTH = { authorization: 'user alice' };

describe('compressed answers', () => {
  let dir: string;
  let server: TestHttpServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-compression-'));
    mkdirSync(join(dir, 'chunks'));
    writeFileSync(join(dir, 'chunks', 'app-Ab12Cd34.js'), SCRIPT);
    writeFileSync(join(dir, 'chunks', 'app-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'chunks', 'app-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
    server = await startTestHttpServer((setup) => {
      setup.registerStaticAssets({ path: '/bundles', dir });
      const router = setup.createRouter(CORE_OWNER);
      router.get({ path: '/api/rows', validate: false }, (_context, _request, response) =>
        response.ok({ body: ROWS }),
      );
      router.get({ path: '/api/one', validate: false }, (_context, _request, response) =>
        response.ok({ body: ROWS[0] }),
      );
      router.get(
        { path: '/api/passed-through', validate: false, options: { compress: false } },
        (_context, _request, response) => response.ok({ body: ROWS }),
      );
    });
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('a built script with .br and .gz siblings', () => {
    it('is sent as brotli when the client accepts it', async () => {
      const answer = await get(`${server.url}${SCRIPT_PATH}`, {
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(brotliDecompressSync(answer.body)).toEqual(SCRIPT);
    });

    it('is sent as gzip when only gzip is accepted', async () => {
      const answer = await get(`${server.url}${SCRIPT_PATH}`, { 'accept-encoding': 'gzip' });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(answer.body)).toEqual(SCRIPT);
    });

    it('is sent as it is when no encoding is accepted', async () => {
      const answer = await get(`${server.url}${SCRIPT_PATH}`);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.body).toEqual(SCRIPT);
    });

    it('answers 304 to the ETag of the encoding it sent, and 200 to another encoding', async () => {
      const url = `${server.url}${SCRIPT_PATH}`;
      const brotli = await get(url, { 'accept-encoding': 'br' });
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(brotli.headers.etag).toBeDefined();
      expect(gzip.headers.etag).not.toBe(brotli.headers.etag);
      const revalidated = await get(url, {
        'accept-encoding': 'br',
        'if-none-match': brotli.headers.etag!,
      });
      expect(revalidated.status).toBe(304);
      const otherEncoding = await get(url, {
        'accept-encoding': 'gzip',
        'if-none-match': brotli.headers.etag!,
      });
      expect(otherEncoding.status).toBe(200);
      expect(gunzipSync(otherEncoding.body)).toEqual(SCRIPT);
    });
  });

  describe('dynamic JSON answers', () => {
    it('are compressed over 1 KB when the client asks', async () => {
      const answer = await get(`${server.url}/api/rows`, { ...AUTH, 'accept-encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(answer.body).toString())).toEqual(ROWS);

      const gzip = await get(`${server.url}/api/rows`, { ...AUTH, 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(ROWS);
    });

    it('are sent as they are when not asked, under 1 KB, or when the route opts out', async () => {
      const notAsked = await get(`${server.url}/api/rows`, AUTH);
      const small = await get(`${server.url}/api/one`, { ...AUTH, 'accept-encoding': 'br' });
      const optedOut = await get(`${server.url}/api/passed-through`, {
        ...AUTH,
        'accept-encoding': 'br',
      });
      for (const answer of [notAsked, small, optedOut])
        expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(notAsked.body.toString())).toEqual(ROWS);
      expect(JSON.parse(small.body.toString())).toEqual(ROWS[0]);
      expect(JSON.parse(optedOut.body.toString())).toEqual(ROWS);
    });
  });
});
