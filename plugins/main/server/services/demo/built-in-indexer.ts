/**
 * The indexer stand-in (`simulator/indexer`) as demo mode runs it: on loopback, on a port the
 * system picks, with a password made for this run. Loaded only when demo mode runs without an
 * indexer, so a dashboard with a real indexer never loads the stand-in's code.
 */
import { randomBytes } from 'node:crypto';

export interface DemoIndexerStandIn {
  /** `http://127.0.0.1:<port>` */
  url: string;
  credentials: { username: string; password: string };
  stop(): Promise<void>;
}

export async function startBuiltInIndexer(): Promise<DemoIndexerStandIn> {
  const { startIndexer } = await import('@simulator/indexer');
  const credentials = { username: 'admin', password: randomBytes(18).toString('base64url') };
  const standIn = await startIndexer({ host: '127.0.0.1', port: 0, users: [credentials] });
  return { url: standIn.url, credentials, stop: () => standIn.stop() };
}
