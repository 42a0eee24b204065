/**
 * `startIndexer(options)`: the OpenSearch stand-in on node:http. Authenticates with Basic auth, counts
 * requests per endpoint, applies the fault knobs, routes, and writes OpenSearch's answers and errors.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { OpenSearchErrorAnswer, unauthorized } from './errors';
import { type IndexerFaults, MALFORMED_BODY, faultError } from './faults';
import { clusterRoutes } from './handlers/cluster';
import { documentRoutes } from './handlers/documents';
import type { Env } from './handlers/env';
import { indexRoutes } from './handlers/indices';
import { searchRoutes } from './handlers/search';
import { templateRoutes, WAZUH_TEMPLATE } from './handlers/templates';
import { readBody, send } from './http';
import { PointsInTime } from './pit';
import { type Route, lookup } from './router';
import { DEFAULT_MAX_BUCKETS } from './search/aggs';
import { Store, uuid } from './store';

export interface IndexerStandInOptions {
  /** 0 (ephemeral) by default. */
  port?: number;
  /** 127.0.0.1 by default. */
  host?: string;
  /** Basic-auth users; default `[{username: 'admin', password: 'admin'}]`. */
  users?: Array<{ username: string; password: string }>;
  /** Reported OpenSearch version; default `2.19.1`. */
  version?: string;
  /** Default `wazuh-indexer`. */
  clusterName?: string;
  /** Documents loaded in-process before the server listens. */
  documents?: Iterable<{ index: string; id?: string; source: Record<string, unknown> }>;
  /** Clock for date math (`now-24h`) and point-in-time keep-alives; default Date.now. */
  now?: () => number;
  /** `search.max_buckets`; default 65,535. */
  maxBuckets?: number;
}

interface IndexerStats {
  requests: number;
  /** Requests per endpoint name (`search`, `msearch`, `bulk`, `count`, `create_pit`, `info`...). */
  byEndpoint: Record<string, number>;
}

export interface IndexerStandIn {
  url: string;
  port: number;
  faults: IndexerFaults;
  stats: IndexerStats;
  /** Adds (or replaces, with an id) a document in-process, creating the index if needed. */
  index(index: string, source: Record<string, unknown>, id?: string): void;
  stop(): Promise<void>;
}

const ROUTES: Array<Route<Env>> = [
  ...clusterRoutes,
  ...searchRoutes,
  ...documentRoutes,
  ...indexRoutes,
  ...templateRoutes,
];

function credentials(users: Array<{ username: string; password: string }>): Set<string> {
  return new Set(
    users.map(
      ({ username, password }) =>
        `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    ),
  );
}

function errorReply(error: unknown) {
  if (error instanceof OpenSearchErrorAnswer)
    return { status: error.status, body: error.body, headers: error.headers };
  // Anything unforeseen is still answered in OpenSearch's shape, never a dropped connection.
  const reason = error instanceof Error ? error.message : String(error);
  const cause = { type: 'exception', reason };
  return { status: 500, body: { error: { root_cause: [cause], ...cause }, status: 500 } };
}

export async function startIndexer(options: IndexerStandInOptions = {}): Promise<IndexerStandIn> {
  const clock = options.now ?? Date.now;
  const store = new Store(clock);
  for (const document of options.documents ?? [])
    store.put(document.index, document.source, document.id);
  // Sorted now rather than by the first search.
  for (const index of store.list()) index.docs.view();
  const env: Env = {
    store,
    templates: new Map([['wazuh', WAZUH_TEMPLATE]]),
    pits: new PointsInTime(clock),
    clock,
    version: options.version ?? '2.19.1',
    clusterName: options.clusterName ?? 'wazuh-indexer',
    clusterUuid: uuid(),
    maxBuckets: options.maxBuckets ?? DEFAULT_MAX_BUCKETS,
  };
  const allowed = credentials(options.users ?? [{ username: 'admin', password: 'admin' }]);
  const faults: IndexerFaults = {};
  const stats: IndexerStats = { requests: 0, byEndpoint: {} };
  // Ends the latency waits of requests still pending when the stand-in stops.
  const stopping = new AbortController();

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (faults.down) {
      request.socket.destroy();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://indexer');
    const method = request.method ?? 'GET';
    const head = method === 'HEAD';
    const found = lookup(ROUTES, method, url.pathname);
    const name = 'route' in found ? found.route.name : found.name;
    stats.requests++;
    stats.byEndpoint[name] = (stats.byEndpoint[name] ?? 0) + 1;
    try {
      const body = await readBody(request);
      if (faults.latencyMs) await delay(faults.latencyMs, undefined, { signal: stopping.signal });
      if (faults.down) {
        request.socket.destroy();
        return;
      }
      if (!allowed.has(request.headers.authorization ?? '')) throw unauthorized();
      if (faults.status) throw faultError(faults.status);
      if (faults.malformed) {
        send(response, { status: 200, body: MALFORMED_BODY }, head);
        return;
      }
      if (!('route' in found)) {
        send(response, found.reply, head);
        return;
      }
      const reply = await found.route.handle(
        { method, params: found.params, query: url.searchParams, text: body.toString('utf8') },
        env,
      );
      send(response, reply, head);
    } catch (error) {
      if (stopping.signal.aborted) response.destroy();
      else send(response, errorReply(error), head);
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  server.keepAliveTimeout = 65_000;
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    if (faults.down) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    faults,
    stats,
    index: (index, source, id) => void store.put(index, source, id),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        stopping.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}
