/**
 * `core.opensearch` (as OpenSearch Dashboards core has it): builds `@opensearch-project/opensearch`
 * clients for plugins from the settings they read themselves, and closes every client it built
 * when the dashboard stops.
 */
import { Client } from '@opensearch-project/opensearch';
import type { Logger, OpenSearchClient, OpenSearchServiceStart } from '../types';
import { clientOptions } from './client-options';
import { NodeConnection } from './node-connection';

export class OpenSearchService {
  private readonly clients = new Set<Client>();
  private stopped = false;

  constructor(private readonly logger: Logger) {}

  start(): OpenSearchServiceStart {
    return {
      createClient: (config) => {
        if (this.stopped)
          throw new Error('The dashboard is stopping: no indexer client is created.');
        const client = new Client(clientOptions(config));
        this.clients.add(client);
        return client as OpenSearchClient;
      },
      nodeStates: (client) =>
        client.connectionPool.connections
          .filter((connection) => connection instanceof NodeConnection)
          .map((connection) => connection.state()),
    };
  }

  /** Closes every client (their sockets), each once, whatever the others do. */
  async stop(): Promise<void> {
    this.stopped = true;
    const clients = [...this.clients];
    this.clients.clear();
    const results = await Promise.allSettled(clients.map((client) => client.close()));
    for (const result of results)
      if (result.status === 'rejected')
        this.logger.warn(`An indexer client did not close cleanly: ${String(result.reason)}`);
  }
}
