/**
 * Each configured indexer node's state as the client's node pool sees it (a node that failed is
 * skipped until its resurrection time, then tried again), with when that state began and, for
 * admins, the last failure the client met there.
 */
import type { OpenSearchClient } from '@host/server/types';
import type { IndexerNodeState } from '@main/common/alerts/api';
import { publicHostUrl } from './public-host-url';

/** The part of the client's node connection read here. */
interface PoolConnection {
  id: string;
  url: URL;
  status: string;
}

interface Seen {
  alive: boolean;
  since: number;
  lastError?: string;
}

export class NodeStates {
  private readonly seen = new Map<string, Seen>();

  constructor(
    private readonly client: OpenSearchClient,
    /** Takes the credentials out of a failure's text. */
    private readonly scrub: (text: string) => string,
    private readonly now: () => number = Date.now,
  ) {
    client.on('response', (error, result) => {
      const connection = result?.meta.connection as PoolConnection | null | undefined;
      if (!connection) return;
      // A refusal with a status came from a node that answers; only a failure to answer counts.
      if (error && (error.name !== 'ResponseError' || (result?.statusCode ?? 0) >= 502))
        this.entry(connection).lastError = this.scrub(`${error.name}: ${error.message}`);
      this.entry(connection);
    });
    client.on('resurrect', (_error, meta) => {
      this.entry(meta.connection as unknown as PoolConnection);
    });
  }

  /** The entry of `connection`, its state brought up to the pool's. */
  private entry(connection: PoolConnection): Seen {
    const alive = connection.status === 'alive';
    let seen = this.seen.get(connection.id);
    if (!seen || seen.alive !== alive) {
      seen = { alive, since: this.now(), lastError: seen?.lastError };
      this.seen.set(connection.id, seen);
    }
    return seen;
  }

  /** Every node, in the configured order; `lastError` only when `withErrors` (admins). */
  list(withErrors: boolean): IndexerNodeState[] {
    const connections = this.client.connectionPool.connections as unknown as PoolConnection[];
    return connections.map((connection) => {
      const { alive, since, lastError } = this.entry(connection);
      return {
        url: publicHostUrl(connection.url.href),
        state: alive ? 'alive' : 'dead',
        since: new Date(since).toISOString(),
        ...(withErrors && lastError !== undefined && { lastError }),
      };
    });
  }
}
