/**
 * `GET /api/status`: without a login only the overall state (load balancers, the start-up check);
 * signed in also the name, version and each plugin's state (monitoring), which would tell a stranger
 * what to attack. Any plugin that is not running makes the answer a 503.
 */
import type { IRouter } from '../types';

type ServiceState = 'available' | 'unavailable';

export interface ServiceStatus {
  state: ServiceState;
  summary: string;
}

export interface StatusSources {
  name: string;
  uuid: string;
  version: { number: string; build_hash: string; build_number: number; build_snapshot: boolean };
  /** Current state of each server plugin, read on every request. */
  pluginStatuses(): Record<string, ServiceStatus>;
}

interface StatusBody {
  name: string;
  uuid: string;
  version: StatusSources['version'];
  status: { overall: ServiceStatus };
  plugins: Record<string, ServiceStatus>;
}

/** What a caller without a session learns: up or not. */
interface AnonymousStatusBody {
  status: { overall: { state: ServiceState } };
}

function overallStatus(plugins: Record<string, ServiceStatus>): ServiceStatus {
  const down = Object.entries(plugins)
    .filter(([, status]) => status.state !== 'available')
    .map(([id]) => id);
  return down.length === 0
    ? { state: 'available', summary: 'All services are available' }
    : { state: 'unavailable', summary: `Not available: ${down.join(', ')}` };
}

export function registerStatusRoute(router: IRouter, sources: StatusSources): void {
  router.get(
    { path: '/api/status', validate: false, options: { authRequired: 'optional' } },
    (_context, request, response) => {
      const plugins = sources.pluginStatuses();
      const overall = overallStatus(plugins);
      const body: StatusBody | AnonymousStatusBody = request.auth.isAuthenticated
        ? {
            name: sources.name,
            uuid: sources.uuid,
            version: sources.version,
            status: { overall },
            plugins,
          }
        : { status: { overall: { state: overall.state } } };
      // A 503 body is the same document: monitors read the states, load balancers the status code.
      return overall.state === 'available'
        ? response.ok({ body: { ...body } })
        : response.custom({
            statusCode: 503,
            body: Buffer.from(JSON.stringify(body)),
            headers: { 'content-type': 'application/json; charset=utf-8' },
          });
    },
  );
}
