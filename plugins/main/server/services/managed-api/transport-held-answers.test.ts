/** Answers a caller holds: told when they begin, their bytes counted in the budget until released. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Deadline } from './deadline';
import { ApiAnswersBusyError } from './errors';
import { HostTransport, type HostEndpoint } from './transport';

const BODY = JSON.stringify({ data: { items: 'x'.repeat(1500) }, error: 0 });

describe('HostTransport held answers', () => {
  let server: http.Server;
  let host: HostEndpoint;
  let transport: HostTransport;

  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(BODY);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = {
      id: 'prod',
      url: 'http://127.0.0.1',
      port: (server.address() as AddressInfo).port,
      tls_verify: true,
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    transport = new HostTransport({
      maxResponseBytes: 10_000,
      maxBufferedBytes: 2_500,
      maxSockets: 2,
      maxCaFileBytes: 1024,
    });
  });
  afterEach(() => transport.close());

  async function get(options: { holdBuffered?: boolean; onAnswerStart?: (s: number) => void }) {
    const deadline = new Deadline(5_000);
    try {
      return await transport.send(host, { method: 'GET', path: '/agents', ...options }, deadline);
    } finally {
      deadline.dispose();
    }
  }

  it('tells when the answer begins, before its body is parsed', async () => {
    const started: number[] = [];
    const answer = await get({ onAnswerStart: (status) => started.push(status) });
    expect(started).toEqual([200]);
    expect(answer.release).toBeUndefined();
  });

  it('counts a held answer against the budget until it is released, once', async () => {
    const held = await get({ holdBuffered: true });
    expect((held.data as { error: number }).error).toBe(0);
    await expect(get({})).rejects.toBeInstanceOf(ApiAnswersBusyError);
    held.release?.();
    held.release?.();
    await expect(get({})).resolves.toMatchObject({ status: 200 });
    const second = await get({ holdBuffered: true });
    await expect(get({})).rejects.toBeInstanceOf(ApiAnswersBusyError);
    second.release?.();
  });
});
