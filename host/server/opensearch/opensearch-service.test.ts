import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectionError } from '@opensearch-project/opensearch/lib/errors';
import type { Logger } from '../types';
import { clientOptions } from './client-options';
import { OpenSearchService } from './opensearch-service';

const logger = {
  warn: jest.fn(),
} as unknown as Logger;

const base = {
  verificationMode: 'full' as const,
  requestTimeoutMs: 5_000,
  maxResponseBytes: 1_048_576,
};

/** A node that answers every request with OpenSearch's root document and records what it got. */
async function startNode(
  status = 200,
): Promise<{ url: string; seen: IncomingMessage[]; server: Server }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    seen.push(request);
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ version: { number: '2.19.1', distribution: 'opensearch' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

/** A URL nothing listens on: a port taken from the system and released again. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('clientOptions', () => {
  it('gives every configured node, Basic credentials and the time limit of one attempt', () => {
    const options = clientOptions({
      ...base,
      hosts: ['https://a:9200', 'https://b:9200'],
      username: 'reader',
      password: 'p',
    });
    expect(options).toMatchObject({
      nodes: ['https://a:9200', 'https://b:9200'],
      auth: { username: 'reader', password: 'p' },
      requestTimeout: 5_000,
      maxRetries: 1,
      sniffOnStart: false,
    });
  });

  it('checks chain and host name (full), the chain only (certificate), or nothing (none)', () => {
    const ca = ['-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----'];
    const full = clientOptions({ ...base, hosts: ['https://a'], certificateAuthorities: ca }).ssl;
    expect(full).toEqual({ ca, rejectUnauthorized: true });
    const chainOnly = clientOptions({
      ...base,
      hosts: ['https://a'],
      certificateAuthorities: ca,
      verificationMode: 'certificate',
    }).ssl;
    expect(chainOnly).toMatchObject({ ca, rejectUnauthorized: true });
    expect(chainOnly?.checkServerIdentity?.('other-name', {} as never)).toBeUndefined();
    expect(clientOptions({ ...base, hosts: ['https://a'], verificationMode: 'none' }).ssl).toEqual({
      rejectUnauthorized: false,
    });
  });

  it('sends no credentials when no username is set, and needs a host', () => {
    expect(clientOptions({ ...base, hosts: ['http://a'] }).auth).toBeUndefined();
    expect(() => clientOptions({ ...base, hosts: [] })).toThrow('at least one host');
  });
});

describe('OpenSearchService', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
    );
  });

  it('tries a request that fails on a dead node on the next node', async () => {
    const live = await startNode();
    servers.push(live.server);
    const service = new OpenSearchService(logger);
    const client = service.start().createClient({ ...base, hosts: [await deadUrl(), live.url] });
    const info = await client.info();
    expect(info.body.version.number).toBe('2.19.1');
    expect(live.seen).toHaveLength(1);
    // The dead node is left alone for a while: the next request goes straight to the live one.
    await client.info();
    expect(live.seen).toHaveLength(2);
    await service.stop();
  });

  it('fails with a connection error when every node is dead', async () => {
    const service = new OpenSearchService(logger);
    const client = service.start().createClient({ ...base, hosts: [await deadUrl()] });
    await expect(client.info()).rejects.toBeInstanceOf(ConnectionError);
    await service.stop();
  });

  it('asks each node once: a 503 from the only node is the answer, and from the first goes to the next', async () => {
    const busy = await startNode(503);
    const live = await startNode();
    servers.push(busy.server, live.server);
    const service = new OpenSearchService(logger);
    const start = service.start();
    await expect(start.createClient({ ...base, hosts: [busy.url] }).info()).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(busy.seen).toHaveLength(1);
    const info = await start.createClient({ ...base, hosts: [busy.url, live.url] }).info();
    expect(info.statusCode).toBe(200);
    expect(busy.seen).toHaveLength(2);
    await service.stop();
  });

  it('closes every client it built at stop and builds none after', async () => {
    const live = await startNode();
    servers.push(live.server);
    const service = new OpenSearchService(logger);
    const start = service.start();
    const clients = [
      start.createClient({ ...base, hosts: [live.url] }),
      start.createClient({ ...base, hosts: [live.url] }),
    ];
    const closes = clients.map((client) => jest.spyOn(client, 'close'));
    await service.stop();
    for (const close of closes) expect(close).toHaveBeenCalled();
    expect(() => start.createClient({ ...base, hosts: [live.url] })).toThrow('stopping');
    await expect(clients[0].info()).rejects.toThrow();
  });
});
