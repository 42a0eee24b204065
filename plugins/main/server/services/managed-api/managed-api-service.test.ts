import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { createRecordingLogger } from '@host/server/saved-objects/testing';
import {
  ApiHostNotFoundError,
  ApiHostTimeoutError,
  ApiHostTlsError,
  ApiHostUnreachableError,
  ApiLoginError,
  ApiRequestAbortedError,
  InvalidApiRequestError,
  MalformedApiResponseError,
} from './errors';
import { DEFAULT_CA_FILE_MAX_BYTES } from '../api-hosts/ca-file';
import { ManagedApiService, type ResolvedApiHost } from './managed-api-service';
import {
  startTestUpstream,
  sendJson,
  upstreamHost,
  type TestUpstream,
} from '@test/support/test-upstream';
import { TokenStore } from './token-store';
import { HostTransport } from './transport';

const PASSWORD = 'wazuh-wui-password';
const ALICE = { username: 'alice', roles: ['user'] };
const BOB = { username: 'bob', roles: ['admin'] };

function serviceFor(
  hosts: ResolvedApiHost[],
  options: { timeoutMs?: number; expirySkewMs?: number } = {},
) {
  const logger = createRecordingLogger();
  const transport = new HostTransport({
    maxResponseBytes: 1024 * 1024,
    maxBufferedBytes: 8 * 1024 * 1024,
    maxSockets: 10,
    maxCaFileBytes: DEFAULT_CA_FILE_MAX_BYTES,
  });
  const tokens = new TokenStore(transport, {
    maxEntries: 100,
    expirySkewMs: options.expirySkewMs ?? 30_000,
    fallbackLifetimeMs: 60_000,
  });
  const service = new ManagedApiService({
    hosts: { resolve: async (id) => hosts.find((host) => host.id === id) },
    transport,
    tokens,
    logger,
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  return { service, logger, transport };
}

const agents = {
  data: {
    affected_items: [{ id: '000' }],
    total_affected_items: 1,
    total_failed_items: 0,
    failed_items: [],
  },
  message: 'ok',
  error: 0,
};

describe('ManagedApiService', () => {
  let upstream: TestUpstream;
  let transport: HostTransport;

  beforeEach(async () => {
    upstream = await startTestUpstream({ password: PASSWORD });
    upstream.route('GET', '/agents', (_request, response) => sendJson(response, 200, agents));
  });
  afterEach(async () => {
    transport?.close();
    await upstream.stop();
  });

  it('logs in once with the stored credentials and reuses the token', async () => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        setup.service.asInternalUser.request('GET', '/agents?limit=10', undefined, {
          apiHostId: 'prod',
        }),
      ),
    );
    await setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' });
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers[0].data).toEqual(agents);
    expect(upstream.logins).toHaveLength(1);
    expect(upstream.logins[0].url).toBe('/security/user/authenticate');
    expect(
      upstream.requests
        .filter((request) => request.url.startsWith('/agents'))
        .map((request) => request.url),
    ).toContain('/agents?limit=10');
  });

  it('passes error answers on as they are', async () => {
    upstream.route('DELETE', '/agents', (_request, response) =>
      sendJson(
        response,
        403,
        {
          title: 'Permission Denied',
          detail: 'Permission denied: Resource type: agent:id',
          error: 4000,
        },
        'application/problem+json',
      ),
    );
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    const answer = await setup.service.asInternalUser.request(
      'DELETE',
      '/agents?agents_list=001',
      undefined,
      { apiHostId: 'prod' },
    );
    expect(answer.status).toBe(403);
    expect(answer.headers['content-type']).toContain('problem+json');
    expect(answer.data).toEqual({
      title: 'Permission Denied',
      detail: 'Permission denied: Resource type: agent:id',
      error: 4000,
    });
  });

  it('sends JSON bodies', async () => {
    upstream.route('POST', '/agents', (request, response) =>
      sendJson(response, 200, {
        received: JSON.parse(request.body),
        type: request.headers['content-type'],
      }),
    );
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    const answer = await setup.service.asInternalUser.request(
      'POST',
      '/agents',
      { name: 'web-01', ip: 'any' },
      { apiHostId: 'prod' },
    );
    expect(answer.data).toEqual({
      received: { name: 'web-01', ip: 'any' },
      type: 'application/json',
    });
  });

  it('logs in again once and retries when a cached token is refused', async () => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    await setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' });
    upstream.revokeAll();
    const answer = await setup.service.asInternalUser.request('GET', '/agents', undefined, {
      apiHostId: 'prod',
    });
    expect(answer.status).toBe(200);
    expect(upstream.logins).toHaveLength(2);
  });

  it('gives up with a login error when even a fresh token is refused', async () => {
    upstream.route('GET', '/always-401', (_request, response) =>
      sendJson(
        response,
        401,
        { title: 'Unauthorized', detail: 'Invalid token' },
        'application/problem+json',
      ),
    );
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    await setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' });
    const failure = setup.service.asInternalUser.request('GET', '/always-401', undefined, {
      apiHostId: 'prod',
    });
    await expect(failure).rejects.toBeInstanceOf(ApiLoginError);
    await expect(failure).rejects.toMatchObject({
      statusCode: 502,
      upstream: { status: 401, detail: 'Invalid token' },
    });
    expect(upstream.logins).toHaveLength(2);
  });

  it('logs in again when the token reaches the end of its life', async () => {
    await upstream.stop();
    upstream = await startTestUpstream({ password: PASSWORD, tokenLifetimeSeconds: 1 });
    upstream.route('GET', '/agents', (_request, response) => sendJson(response, 200, agents));
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)], { expirySkewMs: 5_000 });
    transport = setup.transport;
    await setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' });
    await setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' });
    expect(upstream.logins).toHaveLength(2);
  });

  it('reports refused credentials with the upstream detail and without the password', async () => {
    const setup = serviceFor([
      upstreamHost(upstream, PASSWORD, { readPassword: () => 'wrong-password' }),
    ]);
    transport = setup.transport;
    const failure = setup.service.asInternalUser.request('GET', '/agents', undefined, {
      apiHostId: 'prod',
    });
    await expect(failure).rejects.toBeInstanceOf(ApiLoginError);
    const error = (await failure.catch((caught: unknown) => caught)) as ApiLoginError;
    expect(error.message).toContain('Invalid credentials');
    expect(error.message).not.toContain('wrong-password');
    expect(error.toAttributes()).toEqual({
      code: 'login_failed',
      apiHostId: 'prod',
      upstream: { status: 401, title: 'Unauthorized', detail: 'Invalid credentials' },
    });
  });

  it('uses run_as for dashboard users on hosts that allow it, with one token per user', async () => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD, { run_as: true })]);
    transport = setup.transport;
    await setup.service.asUser(ALICE).request('GET', '/agents', undefined, { apiHostId: 'prod' });
    await setup.service.asUser(ALICE).request('GET', '/agents', undefined, { apiHostId: 'prod' });
    await setup.service.asUser(BOB).request('GET', '/agents', undefined, { apiHostId: 'prod' });
    await setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' });
    expect(upstream.logins.map((login) => login.url)).toEqual([
      '/security/user/authenticate/run_as',
      '/security/user/authenticate/run_as',
      '/security/user/authenticate',
    ]);
    expect(JSON.parse(upstream.logins[0].body)).toEqual({
      user_name: 'alice',
      roles: ['user'],
      backend_roles: ['user'],
    });
  });

  it('does not use run_as on hosts without it', async () => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    await setup.service.asUser(ALICE).request('GET', '/agents', undefined, { apiHostId: 'prod' });
    await setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' });
    expect(upstream.logins.map((login) => login.url)).toEqual(['/security/user/authenticate']);
  });

  it('forces a new login on request', async () => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD, { run_as: true })]);
    transport = setup.transport;
    const first = await setup.service.login('prod', ALICE, { force: false });
    await setup.service.login('prod', ALICE, { force: false });
    await setup.service.login('prod', ALICE, { force: true });
    expect(first).toMatchObject({ apiHostId: 'prod', runAs: true });
    expect(Date.parse(first.expiresAt)).toBeGreaterThan(Date.now());
    expect(upstream.logins).toHaveLength(2);
  });

  it('rejects an unknown host', async () => {
    const setup = serviceFor([]);
    transport = setup.transport;
    await expect(
      setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'nope' }),
    ).rejects.toMatchObject({
      constructor: ApiHostNotFoundError,
      statusCode: 404,
    });
  });

  it.each([
    '//evil.example/agents',
    'http://evil.example/',
    '/agents/../security',
    '/agents\r\nHost: evil',
    'agents',
  ])('sends nothing for the path %j', async (path) => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    await expect(
      setup.service.asInternalUser.request('GET', path, undefined, { apiHostId: 'prod' }),
    ).rejects.toMatchObject({ constructor: InvalidApiRequestError, statusCode: 400 });
    expect(upstream.requests).toHaveLength(0);
  });

  it('rejects an unknown method', async () => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    await expect(
      setup.service.asInternalUser.request('TRACE' as 'GET', '/agents', undefined, {
        apiHostId: 'prod',
      }),
    ).rejects.toBeInstanceOf(InvalidApiRequestError);
  });

  it('reports a host that refuses connections as unreachable', async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const setup = serviceFor([upstreamHost(upstream, PASSWORD, { port })]);
    transport = setup.transport;
    await expect(
      setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' }),
    ).rejects.toMatchObject({
      constructor: ApiHostUnreachableError,
      statusCode: 502,
      upstream: { code: 'ECONNREFUSED' },
    });
  });

  it('ends a slow call with a timeout error', async () => {
    // A host that never answers: the call ends on the service's own timeout.
    upstream.route('GET', '/slow', () => undefined);
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)], { timeoutMs: 300 });
    transport = setup.transport;
    await expect(
      setup.service.asInternalUser.request('GET', '/slow', undefined, { apiHostId: 'prod' }),
    ).rejects.toMatchObject({
      constructor: ApiHostTimeoutError,
      statusCode: 504,
    });
  });

  it('stops when the caller goes away', async () => {
    const controller = new AbortController();
    // The caller leaves once the host holds the call, before any answer.
    upstream.route('GET', '/slow', () => controller.abort());
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    const call = setup.service.asInternalUser.request('GET', '/slow', undefined, {
      apiHostId: 'prod',
      signal: controller.signal,
    });
    await expect(call).rejects.toBeInstanceOf(ApiRequestAbortedError);
  });

  it('reports malformed and cut-short answers', async () => {
    upstream.route('GET', '/malformed', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data": {"affected_items": [');
    });
    upstream.route('GET', '/truncated', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"data": ', () => response.destroy());
    });
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    await expect(
      setup.service.asInternalUser.request('GET', '/malformed', undefined, { apiHostId: 'prod' }),
    ).rejects.toMatchObject({
      constructor: MalformedApiResponseError,
      statusCode: 502,
    });
    await expect(
      setup.service.asInternalUser.request('GET', '/truncated', undefined, { apiHostId: 'prod' }),
    ).rejects.toMatchObject({
      constructor: MalformedApiResponseError,
      statusCode: 502,
    });
  });

  it('never follows a redirect to another origin', async () => {
    upstream.route('GET', '/moved', (_request, response) => {
      response.writeHead(302, { location: 'http://127.0.0.2:1/stolen' });
      response.end();
    });
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    const answer = await setup.service.asInternalUser.request('GET', '/moved', undefined, {
      apiHostId: 'prod',
    });
    expect(answer.status).toBe(302);
  });

  it('never logs passwords or tokens', async () => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD, { run_as: true })]);
    transport = setup.transport;
    await setup.service.asUser(ALICE).request('GET', '/agents', undefined, { apiHostId: 'prod' });
    upstream.revokeAll();
    await setup.service.asUser(ALICE).request('GET', '/agents', undefined, { apiHostId: 'prod' });
    const logged = JSON.stringify(setup.logger.records);
    expect(logged).toContain('/agents');
    expect(logged).not.toContain(PASSWORD);
    expect(logged).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
  });
});

describe('ManagedApiService over TLS', () => {
  let upstream: TestUpstream;
  let transport: HostTransport;
  let dir: string;
  let caFile: string;
  let caPem: string;
  let otherPem: string;

  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keyType: 'ec',
      curve: 'P-256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    dir = mkdtempSync(join(tmpdir(), 'svc-tls-'));
    caFile = join(dir, 'ca.pem');
    caPem = pems.cert;
    writeFileSync(caFile, caPem);
    otherPem = (
      await generate([{ name: 'commonName', value: '127.0.0.1' }], {
        keyType: 'ec',
        curve: 'P-256',
      })
    ).cert;
    upstream = await startTestUpstream({
      password: PASSWORD,
      tls: { key: pems.private, cert: pems.cert },
    });
    upstream.route('GET', '/agents', (_request, response) => sendJson(response, 200, agents));
  });
  afterAll(async () => {
    transport?.close();
    await upstream.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('verifies certificates by default', async () => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD)]);
    transport = setup.transport;
    await expect(
      setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' }),
    ).rejects.toMatchObject({ constructor: ApiHostTlsError, statusCode: 502 });
    setup.transport.close();
  });

  it('trusts the host CA file', async () => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD, { ca_file: caFile })]);
    transport = setup.transport;
    expect(
      (
        await setup.service.asInternalUser.request('GET', '/agents', undefined, {
          apiHostId: 'prod',
        })
      ).status,
    ).toBe(200);
    setup.transport.close();
  });

  it('reads the CA file once while it is unchanged, and again once it changes', async () => {
    const ownCa = join(dir, 'own-ca.pem');
    writeFileSync(ownCa, caPem);
    const setup = serviceFor([upstreamHost(upstream, PASSWORD, { ca_file: ownCa })]);
    transport = setup.transport;
    // Every read of the file opens it; a stat to see whether it changed does not.
    const opens = jest.spyOn(fsPromises, 'open');
    const reads = () => opens.mock.calls.filter(([path]) => path === ownCa);
    const call = () =>
      setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' });
    for (let index = 0; index < 3; index += 1) expect((await call()).status).toBe(200);
    expect(reads()).toHaveLength(1);

    writeFileSync(ownCa, otherPem);
    await expect(call()).rejects.toMatchObject({ constructor: ApiHostTlsError, statusCode: 502 });
    expect(reads()).toHaveLength(2);
    writeFileSync(ownCa, caPem);
    expect((await call()).status).toBe(200);
    expect(reads()).toHaveLength(3);
    opens.mockRestore();
    setup.transport.close();
  });

  it.each([
    [
      'a file over the size limit',
      (path: string) => {
        writeFileSync(path, '');
        truncateSync(path, DEFAULT_CA_FILE_MAX_BYTES + 1);
      },
      `must be at most ${DEFAULT_CA_FILE_MAX_BYTES} bytes (svc.api.maxCaFileBytes)`,
    ],
    [
      'a pipe',
      (path: string) => execFileSync('mkfifo', [path]),
      'must be a regular file (not a directory, device or pipe)',
    ],
    [
      'a link to a device',
      (path: string) => symlinkSync('/dev/zero', path),
      'must be a regular file (not a directory, device or pipe)',
    ],
    ['nothing', () => undefined, 'cannot be read (ENOENT)'],
  ])('refuses at once a CA file replaced by %s after it was stored', async (_kind, make, cause) => {
    const ownCa = join(dir, 'replaced-ca.pem');
    writeFileSync(ownCa, caPem);
    const setup = serviceFor([upstreamHost(upstream, PASSWORD, { ca_file: ownCa })]);
    transport = setup.transport;
    const call = () =>
      setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' });
    expect((await call()).status).toBe(200);
    const replacement = join(dir, 'replacement');
    make(replacement);
    rmSync(ownCa);
    try {
      renameSync(replacement, ownCa);
    } catch {
      // Nothing was made: the CA file is just gone.
    }
    await expect(call()).rejects.toMatchObject({
      constructor: ApiHostTlsError,
      statusCode: 502,
      message: `The CA file of API host [prod] ${cause}; fix the file or the host's settings.`,
    });
    setup.transport.close();
    rmSync(ownCa, { force: true });
  });

  it('skips verification only when the host opts out', async () => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD, { tls_verify: false })]);
    transport = setup.transport;
    expect(
      (
        await setup.service.asInternalUser.request('GET', '/agents', undefined, {
          apiHostId: 'prod',
        })
      ).status,
    ).toBe(200);
  });

  it('says when the scheme does not match the port', async () => {
    const setup = serviceFor([upstreamHost(upstream, PASSWORD, { url: 'http://127.0.0.1' })]);
    transport = setup.transport;
    await expect(
      setup.service.asInternalUser.request('GET', '/agents', undefined, { apiHostId: 'prod' }),
    ).rejects.toMatchObject({ statusCode: 502 });
  });
});
