/** Health of the managed-API hosts: each one reachable, logged in, and which version it runs. */
import type { ApiHostCheck } from '../../../common/api-host-check';
import type { ApiHostCheckRegistry } from '../api-checks/api-host-checks';
import type { HealthCheck } from './health-checks';

/** `services` is read when the check runs (the registry exists from the plugin's start on). */
export function apiHealthCheck(
  services: () => {
    hostChecks: ApiHostCheckRegistry;
    hosts: { list(): Promise<Array<{ id: string }>> };
  },
): HealthCheck {
  return {
    id: 'api',
    title: 'Managed API hosts',
    async run({ refresh }) {
      const { hostChecks: registry, hosts } = services();
      let checks: ApiHostCheck[];
      if (refresh) {
        checks = await registry.refreshAll();
      } else {
        const ids = (await hosts.list()).map((host) => host.id);
        const stored = await registry.getMany(ids);
        checks = (
          await Promise.all(
            ids.map(async (id) => stored.get(id) ?? (await registry.refresh(id))?.check),
          )
        ).filter((check): check is ApiHostCheck => check !== undefined);
      }
      const usable = checks.filter((check) => check.reachable && check.authenticated);
      const details = { hosts: checks };
      if (checks.length === 0)
        return { state: 'yellow', message: 'No API host is configured yet.', details };
      if (usable.length === checks.length)
        return {
          state: 'green',
          message: `All ${checks.length} API host(s) answer and accept their credentials.`,
          details,
        };
      const failing = checks
        .filter((check) => !(check.reachable && check.authenticated))
        .map((check) => check.id);
      return {
        state: usable.length === 0 ? 'red' : 'yellow',
        message: `${failing.length} of ${checks.length} API host(s) cannot be used: ${failing.join(', ')}.`,
        details,
      };
    },
  };
}
