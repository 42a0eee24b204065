/** Health of the managed-API hosts: each one reachable, logged in, and which version it runs. */
import type { ApiHostCheck } from '../../../common/api-host-check';
import type { ApiHostCheckRegistry } from '../api-checks/api-host-checks';
import type { HostChecksOfRun } from './api-version-health-check';
import type { HealthCheck, HealthCheckOptions } from './health-checks';

async function readHostChecks(
  registry: ApiHostCheckRegistry,
  hosts: { list(): Promise<Array<{ id: string }>> },
  refresh: boolean,
): Promise<ApiHostCheck[]> {
  if (refresh) return registry.refreshAll();
  const ids = (await hosts.list()).map((host) => host.id);
  const stored = await registry.getMany(ids);
  return (
    await Promise.all(ids.map(async (id) => stored.get(id) ?? (await registry.refresh(id))?.check))
  ).filter((check): check is ApiHostCheck => check !== undefined);
}

/**
 * The hosts' checks, read once per health-check run (the checks of one run share its options): a
 * retry checks every host again, otherwise the last background results are used.
 * `services` is read when the checks run (the registry exists from the plugin's start on).
 */
export function hostChecksOfRun(
  services: () => {
    hostChecks: ApiHostCheckRegistry;
    hosts: { list(): Promise<Array<{ id: string }>> };
  },
): HostChecksOfRun {
  const runs = new WeakMap<HealthCheckOptions, Promise<ApiHostCheck[]>>();
  return (options) => {
    let checks = runs.get(options);
    if (!checks) {
      const { hostChecks, hosts } = services();
      checks = readHostChecks(hostChecks, hosts, options.refresh);
      runs.set(options, checks);
    }
    return checks;
  };
}

export function apiHealthCheck(hostChecks: HostChecksOfRun): HealthCheck {
  return {
    id: 'api',
    title: 'Managed API hosts',
    async run(options) {
      const checks = await hostChecks(options);
      const usable = checks.filter((check) => check.reachable && check.authenticated);
      const details = { hosts: checks };
      if (checks.length === 0)
        return {
          state: 'yellow',
          message: 'No API host is configured yet.',
          fix: 'Add one in Settings → API (admins), or list it under svc.hosts in the config file.',
          details,
        };
      if (usable.length === checks.length)
        return {
          state: 'green',
          message: `All ${checks.length} API host(s) answer and accept their credentials.`,
          details,
        };
      const failing = checks
        .filter((check) => !(check.reachable && check.authenticated))
        // Each cause is a sentence of its own: its full stop is dropped so the list ends with one.
        .map(
          (check) => `${check.id}: ${(check.error?.message ?? 'not usable').replace(/\.$/, '')}`,
        );
      return {
        state: usable.length === 0 ? 'red' : 'yellow',
        message: `${failing.length} of ${checks.length} API host(s) cannot be used: ${failing.join('; ')}.`,
        fix: 'Check that the manager runs and its API answers on the host and port of Settings → API, and that the user and password there are right; then retry.',
        details,
      };
    },
  };
}
