import type { AuthenticatedUser, OsdRequest } from '@host/server/types';
import type { ManagedApiResponse } from '../../../types';
import type { ApiHostRequester } from '../../managed-api/api-host-requester';
import { ApiHostNotFoundError, UpstreamRejectedError } from '../../managed-api/errors';
import { AlertsScopeError } from './errors';
import { ManagedApiScopeResolver } from './scope-resolver';

type Route = (path: string) => { status: number; data: unknown } | undefined;

const items = (affected: unknown[], total = affected.length) => ({
  status: 200,
  data: { data: { affected_items: affected, total_affected_items: total } },
});

/** A managed API answering from `route`, recording each call's path. */
function fakeApi(route: Route) {
  const calls: string[] = [];
  const requester = (who: string): ApiHostRequester => ({
    request: async <T>(_method: string, path: string) => {
      calls.push(`${who} ${path}`);
      const answer = route(`${who} ${path}`) ?? route(path) ?? { status: 404, data: {} };
      return { headers: {}, ...answer } as ManagedApiResponse<T>;
    },
  });
  return {
    calls,
    api: {
      asInternalUser: requester('host'),
      asUser: (user: AuthenticatedUser | null) => requester(user?.username ?? 'anonymous'),
    },
  };
}

const managerHost: Route = (path) => {
  if (path === '/cluster/status') return { status: 200, data: { data: { enabled: 'no' } } };
  if (path.startsWith('/agents?agents_list=000')) return items([{ manager: 'wazuh.manager' }]);
  return undefined;
};

const alice: AuthenticatedUser = { username: 'alice', roles: ['user'] };
const request = {} as OsdRequest;

function resolver(
  route: Route,
  options: {
    runAs?: boolean;
    maxAgentFilter?: number;
    now?: () => number;
    version?: () => string;
  } = {},
) {
  const { calls, api } = fakeApi(route);
  const scope = new ManagedApiScopeResolver({
    hosts: {
      resolve: async (id) =>
        id === 'h1'
          ? { id, run_as: options.runAs ?? false, version: options.version?.() ?? 'v1' }
          : undefined,
    },
    api,
    currentUser: () => alice,
    maxAgentFilter: options.maxAgentFilter ?? 65_536,
    cacheTtlMs: 30_000,
    ...(options.now && { now: options.now }),
  });
  return { scope, calls };
}

describe('the manager pin', () => {
  it("is the manager's name when the manager runs no cluster", async () => {
    const { scope } = resolver(managerHost);
    await expect(scope.resolve(request, 'h1')).resolves.toEqual({
      pin: { field: 'manager.name', value: 'wazuh.manager' },
    });
  });

  it("is the cluster's name when the cluster is enabled", async () => {
    const { scope } = resolver((path) => {
      if (path === '/cluster/status') return { status: 200, data: { data: { enabled: 'yes' } } };
      if (path === '/cluster/local/info')
        return items([{ node: 'master-node', cluster: 'prod-cluster', type: 'master' }]);
      return undefined;
    });
    expect((await scope.resolve(request, 'h1')).pin).toEqual({
      field: 'cluster.name',
      value: 'prod-cluster',
    });
  });

  it('is read once per host, again after the host changed, and not kept when it failed', async () => {
    let failing = true;
    const { scope, calls } = resolver((path) =>
      failing && path.startsWith('/agents') ? { status: 500, data: {} } : managerHost(path),
    );
    await expect(scope.resolve(request, 'h1')).rejects.toBeInstanceOf(UpstreamRejectedError);
    failing = false;
    await scope.resolve(request, 'h1');
    await scope.resolve(request, 'h1');
    expect(calls.filter((call) => call.includes('agents_list=000'))).toHaveLength(2);
    scope.forgetHost('h1');
    await scope.resolve(request, 'h1');
    expect(calls.filter((call) => call.includes('agents_list=000'))).toHaveLength(3);
  });

  it('is read again when the host was edited through another instance (a new stored version)', async () => {
    let version = 'v1';
    const { scope, calls } = resolver(managerHost, { version: () => version });
    await scope.resolve(request, 'h1');
    await scope.resolve(request, 'h1');
    expect(calls.filter((call) => call.includes('agents_list=000'))).toHaveLength(1);
    version = 'v2';
    await scope.resolve(request, 'h1');
    expect(calls.filter((call) => call.includes('agents_list=000'))).toHaveLength(2);
  });

  it('is a typed error when the managed API names no manager', async () => {
    const { scope } = resolver((path) =>
      path.startsWith('/agents') ? items([{ id: '000' }]) : managerHost(path),
    );
    const error = await scope.resolve(request, 'h1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AlertsScopeError);
    expect(error).toMatchObject({ code: 'manager_pin_unavailable', statusCode: 502 });
  });

  it('refuses an unknown API host with the not-found error', async () => {
    const { scope } = resolver(managerHost);
    await expect(scope.resolve(request, 'nope')).rejects.toBeInstanceOf(ApiHostNotFoundError);
  });
});

describe('agent visibility', () => {
  const agentIds = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ id: String(index).padStart(3, '0') }));

  /** The host's API user sees 10 agents; alice sees `visible` of them. */
  const rbacHost =
    (visible: number): Route =>
    (path) => {
      if (path.startsWith('host /agents?select=id')) return items(agentIds(1), 10);
      if (path === 'alice /agents?select=id&limit=1')
        return items(agentIds(visible).slice(0, 1), visible);
      if (path.startsWith('alice /agents?select=id&limit='))
        return items(agentIds(visible), visible);
      return managerHost(path.replace(/^\w+ /, ''));
    };

  it('does not filter on a host without run_as, and asks nothing about agents', async () => {
    const { scope, calls } = resolver(rbacHost(3));
    expect((await scope.resolve(request, 'h1')).agentIds).toBeUndefined();
    expect(calls.some((call) => call.includes('select=id'))).toBe(false);
  });

  it('does not filter a run_as user who sees as many agents as the host', async () => {
    const { scope } = resolver(rbacHost(10), { runAs: true });
    expect((await scope.resolve(request, 'h1')).agentIds).toBeUndefined();
  });

  it('limits a restricted run_as user to the agents the managed API lists for them', async () => {
    const { scope } = resolver(rbacHost(3), { runAs: true });
    expect((await scope.resolve(request, 'h1')).agentIds).toEqual(['000', '001', '002']);
  });

  it('keeps the list for the configured time, then asks again', async () => {
    let now = 1_000;
    const { scope, calls } = resolver(rbacHost(3), { runAs: true, now: () => now });
    const listings = () => calls.filter((call) => call.startsWith('alice')).length;
    await scope.resolve(request, 'h1');
    const first = listings();
    now = 30_000;
    await scope.resolve(request, 'h1');
    expect(listings()).toBe(first);
    now = 31_001;
    await scope.resolve(request, 'h1');
    expect(listings()).toBe(first * 2);
  });

  it('shares one read among users asking at once, and answers them when an edit overtakes it', async () => {
    let version = 'v1';
    const { scope, calls } = resolver(rbacHost(3), { runAs: true, version: () => version });
    const listings = () => calls.filter((call) => call.startsWith('alice')).length;
    const asking = [scope.resolve(request, 'h1'), scope.resolve(request, 'h1')];
    await Promise.resolve();
    version = 'v2';
    scope.forgetHost('h1');
    const answers = await Promise.all(asking);
    expect(answers.map((answer) => answer.agentIds)).toEqual([
      ['000', '001', '002'],
      ['000', '001', '002'],
    ]);
    const shared = listings();
    await scope.resolve(request, 'h1');
    expect(listings()).toBe(shared * 2);
  });

  it('reads the list again when the host was edited through another instance', async () => {
    let version = 'v1';
    const { scope, calls } = resolver(rbacHost(3), { runAs: true, version: () => version });
    const listings = () => calls.filter((call) => call.startsWith('alice')).length;
    await scope.resolve(request, 'h1');
    const first = listings();
    await scope.resolve(request, 'h1');
    expect(listings()).toBe(first);
    version = 'v2';
    await scope.resolve(request, 'h1');
    expect(listings()).toBe(first * 2);
  });

  it('refuses a list longer than the agent filter can carry', async () => {
    const { scope } = resolver(rbacHost(5), { runAs: true, maxAgentFilter: 4 });
    const error = await scope.resolve(request, 'h1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AlertsScopeError);
    expect(error).toMatchObject({
      code: 'agent_filter_too_large',
      statusCode: 400,
      message: expect.stringContaining('svc.indexer.maxAgentFilter'),
    });
  });

  it("passes on the managed API's refusal to list the user's agents", async () => {
    const { scope } = resolver(
      (path) =>
        path.startsWith('alice /agents')
          ? {
              status: 403,
              data: { title: 'Permission Denied', detail: 'no agent:read', error: 4000 },
            }
          : rbacHost(3)(path),
      { runAs: true },
    );
    await expect(scope.resolve(request, 'h1')).rejects.toMatchObject({
      statusCode: 403,
      code: 'upstream_error',
    });
  });
});
