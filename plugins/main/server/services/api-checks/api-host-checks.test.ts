import { startTestSavedObjects, type TestSavedObjects } from '@host/server/saved-objects/testing';
import type { ApiHostCheck } from '../../../common/api-host-check';
import { API_HOST_CHECK_SAVED_OBJECT_TYPE } from '../../../common/api-hosts';
import type { ResolvedApiHost } from '../managed-api/managed-api-service';
import type { ApiHostChecker } from './api-host-checker';
import { ApiHostCheckRegistry } from './api-host-checks';
import { apiHostCheckSavedObjectType } from './saved-object-type';
import { logChannel, ApiHostStateNotifier } from '../api-host-watch/state-notifier';

const NOW = Date.parse('2026-11-22T10:00:00Z');

/** A checker whose answers the test sets per host, counting what it checked. */
function fakeChecker(usable: Record<string, boolean>) {
  const checked: string[] = [];
  const checker = {
    async checkStored(host: ResolvedApiHost) {
      checked.push(host.id);
      const ok = usable[host.id] ?? true;
      const check: ApiHostCheck = {
        id: host.id,
        checked_at: new Date(NOW).toISOString(),
        reachable: true,
        authenticated: ok,
        api_version: '4.14.7',
        run_as: ok ? 'enabled' : 'unknown',
        ...(ok ? {} : { error: { code: 'login_failed', message: 'Invalid credentials' } }),
      };
      return { check };
    },
  };
  return { checker: checker as unknown as ApiHostChecker, checked };
}

describe('ApiHostCheckRegistry', () => {
  let savedObjects: TestSavedObjects;
  let apiHostIds: string[];

  beforeEach(async () => {
    savedObjects = await startTestSavedObjects((setup) =>
      setup.registerType(apiHostCheckSavedObjectType),
    );
    apiHostIds = ['prod', 'staging'];
  });
  afterEach(() => savedObjects.cleanup());

  function registry(usable: Record<string, boolean> = {}, now = () => NOW) {
    const { checker, checked } = fakeChecker(usable);
    const hosts = {
      list: async () => apiHostIds.map((id) => ({ id })),
      resolve: async (id: string) =>
        apiHostIds.includes(id) ? ({ id } as ResolvedApiHost) : undefined,
    };
    const repository = savedObjects.start.createInternalRepository([
      API_HOST_CHECK_SAVED_OBJECT_TYPE,
    ]);
    return {
      hostChecks: new ApiHostCheckRegistry(
        hosts,
        checker,
        repository,
        new ApiHostStateNotifier([logChannel(savedObjects.logger)]),
        now,
      ),
      checked,
    };
  }

  it('stores each check, so another registry on the same database reads it', async () => {
    const { hostChecks } = registry({ staging: false });
    const [first, second] = await Promise.all([hostChecks.refreshAll(), hostChecks.refreshAll()]);
    expect(first).toBe(second);
    expect(first.map((check) => [check.id, check.authenticated])).toEqual([
      ['prod', true],
      ['staging', false],
    ]);
    const other = registry().hostChecks;
    expect((await other.get('prod'))?.api_version).toBe('4.14.7');
    expect([...(await other.getMany(['staging', 'never-checked'])).keys()]).toEqual(['staging']);
  });

  it('notifies when a host becomes usable or stops being usable, not on every check', async () => {
    const changes = async (usable: Record<string, boolean>) => {
      const from = savedObjects.logger.records.length;
      await registry(usable).hostChecks.refreshAll();
      return savedObjects.logger.records
        .slice(from)
        .filter((record) => record.level === 'info' || record.level === 'warn')
        .map((record) => `${record.level} ${record.message.split(':')[0]}`)
        .sort();
    };
    expect(await changes({ staging: false })).toEqual([
      'info API host [prod] is usable (version 4.14.7, run_as enabled).',
      'warn API host [staging] is not usable',
    ]);
    expect(await changes({ staging: false })).toEqual([]);
    expect(await changes({ staging: true, prod: false })).toEqual([
      'info API host [staging] is usable (version 4.14.7, run_as enabled).',
      'warn API host [prod] is not usable',
    ]);
  });

  it('at start checks only hosts whose last check is missing or older than one period', async () => {
    await registry().hostChecks.refresh('prod');
    apiHostIds = ['prod', 'staging', 'new'];
    const soon = registry({}, () => NOW + 60_000);
    await soon.hostChecks.refreshStale(5 * 60_000);
    expect(soon.checked.sort()).toEqual(['new', 'staging']);

    const later = registry({}, () => NOW + 5 * 60_000 + 1);
    await later.hostChecks.refreshStale(5 * 60_000);
    expect(later.checked.sort()).toEqual(['new', 'prod', 'staging']);
  });

  it('forgets the checks of removed hosts, on removal and in the next round', async () => {
    const { hostChecks } = registry();
    await hostChecks.refreshAll();
    await hostChecks.forget('prod');
    await hostChecks.forget('prod');
    expect(await hostChecks.get('prod')).toBeUndefined();

    // Removed while this registry did not hear of it (another instance, or a stopped one).
    apiHostIds = ['prod'];
    await hostChecks.refreshAll();
    expect([...(await hostChecks.getMany(['prod', 'staging'])).keys()]).toEqual(['prod']);
    expect(await hostChecks.refresh('gone')).toBeUndefined();
  });
});
