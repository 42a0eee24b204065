import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { OpenSearchService } from './opensearch-service';
import type { Logger } from '../types';

const logger = { warn: jest.fn() } as unknown as Logger;

interface TlsNode {
  url: string;
  ca: string;
  server: Server;
}

/** An HTTPS node whose self-signed certificate names only `altName`. */
async function startTlsNode(altName: { type: 2; value: string } | { type: 7; ip: string }) {
  const pems = await generate([{ name: 'commonName', value: 'indexer' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [altName] }],
  });
  const server = createServer({ key: pems.private, cert: pems.cert }, (_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ version: { number: '2.19.1' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `https://127.0.0.1:${port}`, ca: pems.cert, server } satisfies TlsNode;
}

describe('indexer clients over TLS', () => {
  let service: OpenSearchService;
  let matching: TlsNode;
  let otherName: TlsNode;

  beforeAll(async () => {
    [matching, otherName] = await Promise.all([
      startTlsNode({ type: 7, ip: '127.0.0.1' }),
      startTlsNode({ type: 2, value: 'indexer.example.org' }),
    ]);
  });
  beforeEach(() => {
    service = new OpenSearchService(logger);
  });
  afterEach(() => service.stop());
  afterAll(async () => {
    for (const node of [matching, otherName])
      await new Promise((resolve) => node.server.close(resolve));
  });

  const info = (
    node: TlsNode,
    verificationMode: 'full' | 'certificate' | 'none',
    withCa: boolean,
  ) =>
    service
      .start()
      .createClient({
        hosts: [node.url],
        verificationMode,
        requestTimeoutMs: 5_000,
        maxResponseBytes: 1_048_576,
        ...(withCa && { certificateAuthorities: [node.ca] }),
      })
      .info()
      .then((answer) => answer.statusCode);

  it('full: accepts a certificate from a trusted authority for the host it names', async () => {
    await expect(info(matching, 'full', true)).resolves.toBe(200);
  });

  it('full: refuses an untrusted certificate and one for another host name', async () => {
    await expect(info(matching, 'full', false)).rejects.toThrow(/self[- ]signed/i);
    await expect(info(otherName, 'full', true)).rejects.toThrow(/altnames|does not match/i);
  });

  it('certificate: checks the chain but not the host name', async () => {
    await expect(info(otherName, 'certificate', true)).resolves.toBe(200);
    await expect(info(otherName, 'certificate', false)).rejects.toThrow(/self[- ]signed/i);
  });

  it('none: accepts any certificate', async () => {
    await expect(info(otherName, 'none', false)).resolves.toBe(200);
  });
});
