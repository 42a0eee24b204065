import type { ApiHost } from '@main/common/api-hosts';
import { AVAILABLE_UPDATES_SAVED_OBJECT_TYPE } from '../../../common/constants';
import { InMemoryRepository } from '../../test-support/in-memory-repository';
import { createRecordingLogger } from '@host/server/logging/test-recording-logger';
import { apiHostNotFound, UpdateCheckError } from '../errors';
import { AvailableUpdatesService } from './available-updates-service';
import { releaseNotesUrlFromTemplate } from './classify';
import type { FetchVersionCheck, VersionCheck } from './version-check-client';

const HOUR = 3600_000;

function host(id: string): ApiHost {
  return {
    id,
    url: 'https://manager.example.org',
    port: 55000,
    username: 'wazuh-wui',
    run_as: false,
    tls_verify: true,
  };
}

/**
 * The managed-API client sending the version check: it reads the host record (404 for an unknown
 * host, as the real client) and answers with what `answer()` said when the call started, once
 * `release()` is called after a `hold()`, else at once.
 */
function fakeUpstream(answer: (apiHostId: string) => VersionCheck | Error, hostReads: HostReads) {
  const calls: Array<{ apiHostId: string; force: boolean }> = [];
  const callWaiters: Array<() => void> = [];
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const fetchVersionCheck: FetchVersionCheck = async (apiHostId, { force }) => {
    if (!hostReads.read(apiHostId)) throw apiHostNotFound(apiHostId);
    calls.push({ apiHostId, force });
    callWaiters.splice(0).forEach((wake) => wake());
    const result = answer(apiHostId);
    await gate;
    if (result instanceof Error) throw result;
    return result;
  };
  return {
    calls,
    fetchVersionCheck,
    hold: () => (gate = new Promise((resolve) => (open = resolve))),
    release: () => open(),
    nextCall: () => new Promise<void>((resolve) => callWaiters.push(resolve)),
  };
}

/** The host records, counting how often anyone reads one. */
class HostReads {
  count = 0;
  constructor(readonly hosts: ApiHost[]) {}
  read(apiHostId: string): ApiHost | undefined {
    this.count += 1;
    return this.hosts.find((candidate) => candidate.id === apiHostId);
  }
}

const releases48 = {
  currentVersion: '4.8.0',
  releases: [
    { tag: 'v5.0.0', published_date: '2025-02-20T10:00:00Z', description: 'Major' },
    { tag: 'v4.9.1' },
    { tag: 'v4.8.2' },
  ],
};

function setup(
  answer: (apiHostId: string) => VersionCheck | Error = () => releases48,
  hosts: ApiHost[] = [host('manager-1')],
) {
  const clock = { now: new Date('2025-03-01T00:00:00.000Z') };
  const repository = new InMemoryRepository();
  const hostReads = new HostReads(hosts);
  const upstream = fakeUpstream(answer, hostReads);
  const service = new AvailableUpdatesService({
    repository,
    hosts: {
      list: async () => hosts,
      get: async (id) => hostReads.read(id),
    },
    fetchVersionCheck: upstream.fetchVersionCheck,
    releaseNotesUrl: releaseNotesUrlFromTemplate('https://docs.example.org/{version}'),
    cacheLifetimeMs: 6 * HOUR,
    logger: createRecordingLogger(),
    now: () => clock.now,
  });
  const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
  return { service, repository, upstream, hostReads, clock, advance };
}

async function rejection(promise: Promise<unknown>): Promise<UpdateCheckError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof UpdateCheckError))
    throw new Error(`expected an UpdateCheckError, got ${String(error)}`);
  return error;
}

describe('AvailableUpdatesService', () => {
  it('asks the host, classifies its releases and stores one record for it', async () => {
    const { service, repository } = setup();
    const record = await service.getAvailableUpdates('manager-1');
    expect(record).toEqual({
      api_id: 'manager-1',
      current_version: '4.8.0',
      last_available_major: {
        version: '5.0.0',
        published_date: '2025-02-20T10:00:00Z',
        tag: 'v5.0.0',
        description: 'Major',
        release_url: 'https://docs.example.org/5.0.0',
      },
      last_available_minor: {
        version: '4.9.1',
        published_date: '',
        tag: 'v4.9.1',
        description: '',
        release_url: 'https://docs.example.org/4.9.1',
      },
      last_available_patch: expect.objectContaining({ version: '4.8.2' }),
      last_check_date: '2025-03-01T00:00:00.000Z',
    });
    expect(repository.attributesOf(AVAILABLE_UPDATES_SAVED_OBJECT_TYPE, 'manager-1')).toEqual(
      record,
    );
  });

  it('serves the stored record until it is older than the cache lifetime', async () => {
    const { service, upstream, advance } = setup();
    const first = await service.getAvailableUpdates('manager-1');
    advance(6 * HOUR - 1);
    expect(await service.getAvailableUpdates('manager-1')).toEqual(first);
    expect(upstream.calls).toHaveLength(1);
    advance(1);
    const second = await service.getAvailableUpdates('manager-1');
    expect(upstream.calls).toHaveLength(2);
    expect(second.last_check_date).toBe('2025-03-01T06:00:00.000Z');
  });

  it('asks the host again, forcing its own feed query, when force is set', async () => {
    const { service, upstream } = setup();
    await service.getAvailableUpdates('manager-1');
    await service.getAvailableUpdates('manager-1', { force: true });
    expect(upstream.calls).toEqual([
      { apiHostId: 'manager-1', force: false },
      { apiHostId: 'manager-1', force: true },
    ]);
  });

  it('makes exactly one upstream call for 200 parallel requests for one host', async () => {
    const { service, upstream } = setup();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => service.getAvailableUpdates('manager-1')),
    );
    expect(upstream.calls).toHaveLength(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  });

  it('never lets a forced check join an unforced one in flight: it gets a fresh answer', async () => {
    let currentVersion = '4.8.0';
    const { service, upstream } = setup(() => ({ ...releases48, currentVersion }));
    upstream.hold();
    const started = upstream.nextCall();
    const unforced = service.getAvailableUpdates('manager-1');
    await started;
    currentVersion = '4.8.1';
    upstream.release();
    const forced = service.getAvailableUpdates('manager-1', { force: true });
    expect((await unforced).current_version).toBe('4.8.0');
    expect((await forced).current_version).toBe('4.8.1');
    expect(upstream.calls).toEqual([
      { apiHostId: 'manager-1', force: false },
      { apiHostId: 'manager-1', force: true },
    ]);
  });

  it('shares one upstream call between parallel forced requests', async () => {
    const { service, upstream } = setup();
    await Promise.all(
      Array.from({ length: 50 }, () => service.getAvailableUpdates('manager-1', { force: true })),
    );
    expect(upstream.calls).toEqual([{ apiHostId: 'manager-1', force: true }]);
  });

  it('reads the host record once per check, and once to serve a stored record', async () => {
    const { service, hostReads, advance } = setup();
    await service.getAvailableUpdates('manager-1');
    expect(hostReads.count).toBe(1);
    await service.getAvailableUpdates('manager-1');
    expect(hostReads.count).toBe(2);
    advance(7 * HOUR);
    await service.getAvailableUpdates('manager-1');
    expect(hostReads.count).toBe(3);
    await service.getAvailableUpdates('manager-1', { force: true });
    expect(hostReads.count).toBe(4);
  });

  it('no longer serves the stored record of a host that was removed', async () => {
    const { service, hostReads } = setup();
    await service.getAvailableUpdates('manager-1');
    hostReads.hosts.length = 0;
    const error = await rejection(service.getAvailableUpdates('manager-1'));
    expect(error).toMatchObject({ statusCode: 404, code: 'api_host_not_found' });
  });

  it('asks each host on its own', async () => {
    const { service, upstream } = setup(() => releases48, [host('a'), host('b')]);
    await Promise.all([
      service.getAvailableUpdates('a'),
      service.getAvailableUpdates('b'),
      service.getAvailableUpdates('a'),
    ]);
    expect(upstream.calls.map((call) => call.apiHostId).sort()).toEqual(['a', 'b']);
  });

  it('rejects an unknown host with a 404 and asks nobody', async () => {
    const { service, upstream } = setup();
    const error = await rejection(service.getAvailableUpdates('nope'));
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'api_host_not_found',
      message: 'API host [nope] is not configured',
    });
    expect(upstream.calls).toHaveLength(0);
  });

  it('leaves the stored record untouched when the host fails, and every waiting request gets the failure', async () => {
    let failing = false;
    const upstreamError = new UpdateCheckError(
      502,
      'upstream_error',
      'API host [manager-1] failed to check for updates: HTTP 500',
    );
    const { service, repository, advance } = setup(() => (failing ? upstreamError : releases48));
    const stored = await service.getAvailableUpdates('manager-1');
    failing = true;
    advance(7 * HOUR);
    const errors = await Promise.all([
      rejection(service.getAvailableUpdates('manager-1')),
      rejection(service.getAvailableUpdates('manager-1', { force: true })),
    ]);
    expect(errors).toEqual([upstreamError, upstreamError]);
    expect(repository.attributesOf(AVAILABLE_UPDATES_SAVED_OBJECT_TYPE, 'manager-1')).toEqual(
      stored,
    );
  });

  it('tries again after a failure instead of remembering it', async () => {
    let failing = true;
    const { service, upstream } = setup(() => (failing ? new Error('down') : releases48));
    await expect(service.getAvailableUpdates('manager-1')).rejects.toThrow('down');
    failing = false;
    await expect(service.getAvailableUpdates('manager-1')).resolves.toMatchObject({
      current_version: '4.8.0',
    });
    expect(upstream.calls).toHaveLength(2);
  });

  it('refreshes every host regardless of the cache and reports the ones that failed', async () => {
    const hosts = [host('a'), host('b'), host('c')];
    const { service, upstream, repository } = setup(
      (apiHostId) => (apiHostId === 'b' ? new Error('connect ECONNREFUSED') : releases48),
      hosts,
    );
    await service.getAvailableUpdates('a');
    const summary = await service.refreshAll();
    expect(summary).toEqual({
      refreshed: ['a', 'c'],
      failed: [{ apiHostId: 'b', message: 'connect ECONNREFUSED' }],
    });
    expect(upstream.calls.filter((call) => call.apiHostId === 'a')).toHaveLength(2);
    expect(repository.attributesOf(AVAILABLE_UPDATES_SAVED_OBJECT_TYPE, 'c')).toMatchObject({
      api_id: 'c',
    });
    expect(repository.attributesOf(AVAILABLE_UPDATES_SAVED_OBJECT_TYPE, 'b')).toBeUndefined();
  });
});
