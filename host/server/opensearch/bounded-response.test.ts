import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { Client } from '@opensearch-project/opensearch';
import { clientOptions } from './client-options';
import { isResponseTooLarge } from './bounded-response';

const LIMIT = 64 * 1024;

let answer: (response: ServerResponse) => void;
let server: Server;
let client: Client;

beforeAll(async () => {
  server = createServer((_request, response) => answer(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new Client(
    clientOptions({
      hosts: [`http://127.0.0.1:${port}`],
      verificationMode: 'full',
      requestTimeoutMs: 5_000,
      maxResponseBytes: LIMIT,
    }),
  );
});
afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});

const json = { 'content-type': 'application/json' };
/** A JSON document of about `bytes` bytes. */
const document = (bytes: number) => JSON.stringify({ text: 'a'.repeat(bytes) });

describe('boundedResponse', () => {
  it('passes an answer within the limit, plain or gzip', async () => {
    answer = (response) => response.writeHead(200, json).end(document(LIMIT / 2));
    expect((await client.info()).body).toEqual({ text: 'a'.repeat(LIMIT / 2) });
    answer = (response) =>
      response
        .writeHead(200, { ...json, 'content-encoding': 'gzip' })
        .end(gzipSync(document(LIMIT / 2)));
    expect((await client.info()).body).toEqual({ text: 'a'.repeat(LIMIT / 2) });
  });

  it.each([
    [
      'announced longer',
      (response: ServerResponse) =>
        response
          .writeHead(200, { ...json, 'content-length': LIMIT * 4 })
          .end(document(LIMIT * 4 - 12)),
    ],
    [
      'sent longer without a length',
      (response: ServerResponse) => {
        response.writeHead(200, json);
        response.write(document(LIMIT * 4));
        response.end();
      },
    ],
    [
      'a gzip bomb',
      (response: ServerResponse) =>
        response
          .writeHead(200, { ...json, 'content-encoding': 'gzip' })
          .end(gzipSync(document(LIMIT * 100))),
    ],
  ])('cuts an answer %s', async (_name, send) => {
    answer = send;
    const failure = await client.info().catch((error: unknown) => error);
    expect(isResponseTooLarge(failure)).toBe(true);
  });
});
