/**
 * Shared setup of the indexer integration tests: the managed-API simulator (manager
 * `wazuh.manager`), the indexer stand-in, and a dashboard that finds the stand-in through the
 * SVC_INDEXER_* environment variables, as an operator would set them.
 */
import { createServer, type AddressInfo } from 'node:net';
import { startIndexer, type IndexerStandIn } from '../../../simulator/indexer';
import { stopIfNextFails } from '../harness';
import {
  leakedSecrets,
  startMainTestEnv,
  type MainTestEnv,
  type MainTestOptions,
} from '../main/support';

/** The indexer's user, with a password distinctive enough to search every answer and log for. */
export const INDEXER_OPS_USER = {
  username: 'svc-indexer-ops',
  password: 'Indexer-Ops-Pw-8e2f61ab-not-for-output',
} as const;

export const SIM_MANAGER = 'wazuh.manager';
const HOUR = 3_600_000;

export interface IndexerTestEnv extends MainTestEnv {
  indexer: IndexerStandIn;
  now: number;
}

/** An alert `hoursAgo` hours ago of `agentId`, tagged with a manager or a cluster. */
export function alertOf(
  now: number,
  hoursAgo: number,
  tag: { manager: string } | { cluster: string },
  agentId = '001',
): Record<string, unknown> {
  return {
    timestamp: new Date(now - hoursAgo * HOUR).toISOString(),
    agent: { id: agentId, name: `agent-${agentId}` },
    ...('manager' in tag
      ? { manager: { name: tag.manager } }
      : { manager: { name: 'node-1' }, cluster: { name: tag.cluster, node: 'node-1' } }),
    rule: { id: '5715', level: 3, description: 'sshd: authentication success.', groups: ['sshd'] },
  };
}

/**
 * A URL nothing listens on: a port the system gave and took back, on another loopback address, so
 * a stand-in started next (on 127.0.0.1) can never be given the same URL.
 */
export async function deadNodeUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.2:${port}`;
}

export async function startIndexerTestEnv(
  options: MainTestOptions & {
    documents?: Array<Record<string, unknown>>;
    /** Nodes listed before the stand-in in SVC_INDEXER_URL. */
    nodesBefore?: string[];
  } = {},
): Promise<IndexerTestEnv> {
  const now = Date.now();
  const indexer = await startIndexer({
    users: [INDEXER_OPS_USER],
    documents: (options.documents ?? []).map((source) => ({
      index: 'wazuh-alerts-4.x-2026.01.01',
      source,
    })),
  });
  return stopIfNextFails(indexer, async () => {
    const env = await startMainTestEnv({
      ...options,
      // Ten seconds, not the product's thirty, so a wedged stand-in fails a test soon; enough for a
      // sample-data bulk of 3,500 alerts on a machine busy with other suites.
      svc: { indexer: { requestTimeoutMs: 10_000 }, ...options.svc },
      dashboard: {
        ...options.dashboard,
        env: {
          SVC_INDEXER_URL: [...(options.nodesBefore ?? []), indexer.url].join(','),
          SVC_INDEXER_USERNAME: INDEXER_OPS_USER.username,
          SVC_INDEXER_PASSWORD: INDEXER_OPS_USER.password,
          ...options.dashboard?.env,
        },
      },
    });
    return {
      ...env,
      indexer,
      now,
      async stop() {
        await env.stop();
        await indexer.stop();
      },
    };
  });
}

/** Answers and log lines carrying the indexer's or an API host's password (expected: none). */
export function indexerLeaks(env: IndexerTestEnv): string[] {
  const texts = [
    ...env.dashboard.logs(),
    ...env.responses.map((response) => `${JSON.stringify(response.headers)} ${response.text}`),
  ];
  return [
    ...leakedSecrets(env),
    ...texts.filter((text) => text.includes(INDEXER_OPS_USER.password)),
  ];
}
