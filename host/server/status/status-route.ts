/**
 * `GET /api/status` (no login): the dashboard's name, version and overall state, for load balancers,
 * monitoring and the start-up check. Any plugin that is not running makes the answer a 503.
 */
import type { IRouter } from '../types';

export type ServiceState = 'available' | 'unavailable';

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

export interface StatusBody {
  name: string;
  uuid: string;
  version: StatusSources['version'];
  status: { overall: ServiceStatus };
  plugins: Record<string, ServiceStatus>;
}

export function overallStatus(plugins: Record<string, ServiceStatus>): ServiceStatus {
  const down = Object.entries(plugins)
    .filter(([, status]) => status.state !== 'available')
    .map(([id]) => id);
  return down.length === 0
    ? { state: 'available', summary: 'All services are available' }
    : { state: 'unavailable', summary: `Not available: ${down.join(', ')}` };
}

export function registerStatusRoute(router: IRouter, sources: StatusSources): void {
  router.get(
    { path: '/api/status', validate: false, options: { authRequired: false } },
    (_context, _request, response) => {
      const plugins = sources.pluginStatuses();
      const overall = overallStatus(plugins);
      const body: StatusBody = {
        name: sources.name,
        uuid: sources.uuid,
        version: sources.version,
        status: { overall },
        plugins,
      };
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
