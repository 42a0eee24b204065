import { createRecordingLogger } from '@host/server/saved-objects/testing';
import { DEFAULT_CA_FILE_MAX_BYTES } from '../api-hosts/ca-file';
import { ManagedApiService, type ResolvedApiHost } from '../managed-api/managed-api-service';
import { sendJson, startTestUpstream, type TestUpstream } from '@test/support/test-upstream';
import { TokenStore } from '../managed-api/token-store';
import { HostTransport } from '../managed-api/transport';
import { ApiHostChecker } from './api-host-checker';

const PASSWORD = 'checker-password';

describe('ApiHostChecker', () => {
  let upstream: TestUpstream;
  let transport: HostTransport;
  let allowRunAs: boolean;

  beforeEach(async () => {
    allowRunAs = true;
    upstream = await startTestUpstream({ password: PASSWORD });
    upstream.route('GET', '/', (_request, response) =>
      sendJson(response, 200, {
        data: { api_version: '4.14.7', revision: 'rc1', hostname: 'manager-01' },
        error: 0,
      }),
    );
    upstream.route('GET', '/security/users/me', (_request, response) =>
      sendJson(response, 200, {
        data: { affected_items: [{ username: 'wazuh-wui', allow_run_as: allowRunAs }] },
        error: 0,
      }),
    );
    transport = new HostTransport({
      maxResponseBytes: 1_000_000,
      maxBufferedBytes: 8_000_000,
      maxSockets: 4,
      maxCaFileBytes: DEFAULT_CA_FILE_MAX_BYTES,
    });
  });
  afterEach(async () => {
    transport.close();
    await upstream.stop();
  });

  function setup(hosts: ResolvedApiHost[]) {
    const api = new ManagedApiService({
      hosts: { resolve: async (id) => hosts.find((host) => host.id === id) },
      transport,
      tokens: new TokenStore(transport, {
        maxEntries: 10,
        expirySkewMs: 0,
        fallbackLifetimeMs: 60_000,
      }),
      logger: createRecordingLogger(),
      timeoutMs: 2_000,
    });
    return { checker: new ApiHostChecker(api) };
  }

  const host = (overrides: Partial<ResolvedApiHost> = {}): ResolvedApiHost => ({
    id: 'prod',
    url: upstream.url,
    port: upstream.port,
    username: 'wazuh-wui',
    run_as: true,
    tls_verify: true,
    version: 'v1',
    readPassword: () => PASSWORD,
    ...overrides,
  });

  it.each([
    [true, true, 'enabled'],
    [true, false, 'user_not_allowed'],
    [false, true, 'host_disabled'],
    [false, false, 'all_disabled'],
  ])('host run_as %s, API user may run_as %s: %s', async (hostRunAs, userRunAs, status) => {
    allowRunAs = userRunAs;
    const { check, error } = await setup([]).checker.checkStored(host({ run_as: hostRunAs }));
    expect(error).toBeUndefined();
    expect(check).toMatchObject({
      id: 'prod',
      reachable: true,
      authenticated: true,
      api_version: '4.14.7',
      revision: 'rc1',
      hostname: 'manager-01',
      run_as: status,
    });
  });

  it('logs in anew for every stored check', async () => {
    const { checker } = setup([]);
    await checker.checkStored(host());
    await checker.checkStored(host());
    expect(upstream.logins).toHaveLength(2);
  });

  it('tells refused credentials from an unreachable host', async () => {
    const { checker } = setup([]);
    const refused = await checker.checkStored(host({ readPassword: () => 'wrong' }));
    expect(refused.check).toMatchObject({
      reachable: true,
      authenticated: false,
      run_as: 'unknown',
      error: { code: 'login_failed', upstream: { detail: 'Invalid credentials' } },
    });
    const unreachable = await checker.checkStored(host({ port: 1 }));
    expect(unreachable.check).toMatchObject({
      reachable: false,
      authenticated: false,
      error: { code: 'host_unreachable' },
    });
  });

  it('checks unsaved credentials under a readable name and keeps nothing of them', async () => {
    const { checker } = setup([]);
    const outcome = await checker.checkUnsaved({
      url: upstream.url,
      port: upstream.port,
      username: 'wazuh-wui',
      password: 'wrong',
      run_as: false,
      tls_verify: true,
    });
    expect(outcome.check).not.toHaveProperty('id');
    expect(outcome.error?.message).toBe(
      `The API host at ${upstream.url}:${upstream.port} refused the login of user [wazuh-wui]: Invalid credentials`,
    );
  });
});
