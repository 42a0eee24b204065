/**
 * The managed-API simulator (`simulator/`) as demo mode runs it: on loopback, on a port the
 * system picks (so it never collides with anything), answering version checks with available
 * updates so the update checker has something to show, and as the master of a cluster of three nodes
 * so the server views have nodes to choose from. Loaded only when demo mode runs, so a
 * dashboard without demo mode never loads the simulator's code.
 */
import { statesPinValue } from '../alerts/sample-data';
import type { DemoManagedApi } from './demo-mode';

export async function startBuiltInManagedApi(): Promise<DemoManagedApi> {
  const simulator = await import('@simulator/index');
  const api = await simulator.startManagedApi({
    host: '127.0.0.1',
    port: 0,
    versionCheck: 'all',
    cluster: simulator.DEMO_CLUSTER,
  });
  return {
    url: api.url,
    credentials: simulator.RUN_AS_USER,
    // The states the demo's indexer holds are the simulator's own inventory of the same agents.
    states: (category, target) =>
      api
        .inventoryStates(
          target.agents.map((agent) => agent.id),
          { clusterName: statesPinValue(target), node: target.cluster?.node ?? target.manager },
        )
        .filter(
          (document) =>
            (document.type === 'vulnerabilities') === (category === 'wazuh-vulnerabilities'),
        )
        .map(({ type, id, source }) => ({
          dataset: type === 'vulnerabilities' ? type : `inventory-${type}`,
          id,
          source,
        })),
    stop: () => api.stop(),
  };
}
