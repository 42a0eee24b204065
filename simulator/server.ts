/**
 * `startManagedApi(options)`: starts the simulator on a port (ephemeral by default) and returns its URL,
 * its live fault knobs, its counters and `stop()`.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { resetFaults, setNodeAnswering, setVersionCheck, writeLogLine } from './control';
import type { LogLevel } from './data/manager-log';
import type { VersionCheckMode } from './data/version-check';
import { sequence } from './data/random';
import type { FaultKnobs } from './faults';
import { createPipeline } from './http/pipeline';
import { type ManagedApiOptions, resolveOptions } from './options';
import { allHandlers } from './routes';
import type { StatesDocument, StatesOrigin } from './data/inventory-states';
import { inventoryStates } from './services/inventory';
import { type SimulatorStats, createState } from './state';

export interface ManagedApi {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  port: number;
  /** Live knobs: assign a field and the next request sees it. */
  faults: FaultKnobs;
  /** Sets every fault knob back to "no fault" (and the token lifetime to its starting value). */
  resetFaults(): void;
  setVersionCheck(mode: VersionCheckMode): void;
  /** A daemon writes a line to a node's log now (the answering node's when `node` is left out). */
  writeLog(line: { tag: string; level: LogLevel; description: string; node?: string }): void;
  /** A cluster's worker stops (false) or resumes (true) answering the master. */
  setNodeAnswering(node: string, answering: boolean): void;
  /** Live counters. */
  stats: SimulatorStats;
  /** PEM of the self-signed certificate when serving HTTPS (for clients that pin it). */
  certificate?: string;
  /** The agents' inventory as the manager's states indices hold it, the same the syscollector routes answer. */
  inventoryStates(agentIds: readonly string[], origin: StatesOrigin): StatesDocument[];
  stop(): Promise<void>;
}

/** selfsigned is a development dependency: demo mode serves plain HTTP and never needs it. */
async function loadSelfsigned(): Promise<typeof import('selfsigned')> {
  try {
    return await import('selfsigned');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error(
      'HTTPS needs the development dependency selfsigned to make its certificate: run `npm install` without --omit=dev, or serve plain HTTP.',
      { cause: error },
    );
  }
}

async function certificate(host: string): Promise<{ key: string; cert: string }> {
  // Loaded on demand: selfsigned takes most of a second to load, and plain HTTP is the common case.
  const { generate } = await loadSelfsigned();
  const pems = await generate([{ name: 'commonName', value: 'wazuh.manager' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

export async function startManagedApi(options: ManagedApiOptions = {}): Promise<ManagedApi> {
  const resolved = resolveOptions(options);
  const state = createState(resolved, sequence(resolved.seed ^ 0x5eed));
  const handle = createPipeline(state, allHandlers(state));
  const listener = (
    request: Parameters<typeof handle>[0],
    response: Parameters<typeof handle>[1],
  ) => {
    void handle(request, response).catch(() => response.destroy());
  };
  const tls = resolved.https ? await certificate(resolved.host) : undefined;
  const server: Server = tls ? createHttpsServer(tls, listener) : createHttpServer(listener);
  server.keepAliveTimeout = 65_000;
  const sockets = new Set<Socket>();
  server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    if (state.faults.refuseConnections) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    state.stats.openConnections++;
    socket.once('close', () => {
      sockets.delete(socket);
      state.stats.openConnections--;
    });
  });
  if (tls)
    server.on('connection', (socket: Socket) => state.faults.refuseConnections && socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, resolved.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host;
  return {
    url: `${tls ? 'https' : 'http'}://${hostForUrl}:${port}`,
    port,
    faults: state.faults,
    resetFaults: () => resetFaults(state),
    setVersionCheck: (mode) => setVersionCheck(state, mode),
    writeLog: (line) => writeLogLine(state, line),
    setNodeAnswering: (node, answering) => setNodeAnswering(state, node, answering),
    stats: state.stats,
    certificate: tls?.cert,
    inventoryStates: (agentIds, origin) => inventoryStates(state, agentIds, origin),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}
