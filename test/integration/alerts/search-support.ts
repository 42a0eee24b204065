/**
 * Shared setup of the alerts search integration tests: the managed-API simulator (whose manager is
 * `wazuh.manager`, with a role that may read agents 001 to 003 only), the indexer stand-in holding
 * that manager's alerts and another manager's, and the dashboard connected to both over HTTP.
 */
import { startIndexer, type IndexerStandIn } from '../../../simulator/indexer';
import { startHostileIndexer, type HostileIndexer } from '../../support/hostile-indexer';
import type { TestClient } from '../harness';
import { startMainTestEnv, type MainTestEnv } from '../main/support';

/** The indexer's user, with a password distinctive enough to search every answer and log for. */
export const INDEXER_USER = {
  username: 'svc-indexer',
  password: 'Indexer-Pw-5c1d7e93-not-for-output',
} as const;

/** A dashboard user whose run_as identity on the host may read agents 001, 002 and 003 only. */
export const ANALYST = { username: 'analyst', password: 'analyst-password-1' } as const;
export const ANALYST_AGENTS = ['001', '002', '003'];

const MANAGER = 'wazuh.manager';
/** Agents 000 to 009, one alert each per `EVERY_MS` going back from `now`, levels 0..15 in turn. */
export const AGENTS = Array.from({ length: 10 }, (_, n) => String(n).padStart(3, '0'));
export const EVERY_MS = 5_000;

export interface AlertsTestEnv extends MainTestEnv {
  indexer: IndexerStandIn;
  /** The hostile proxy the dashboard reads the stand-in through, when asked for. */
  hostile?: HostileIndexer;
  analyst: TestClient;
  /** Alerts of the pinned manager in the stand-in. */
  ownAlerts: number;
  now: number;
}

function testAlert(n: number, now: number, manager = MANAGER) {
  const agentId = AGENTS[n % AGENTS.length];
  return {
    timestamp: new Date(now - EVERY_MS * (n + 1)).toISOString(),
    id: `${Math.floor(now / 1000)}.${n}`,
    manager: { name: manager },
    agent: { id: agentId, name: `agent-${agentId}` },
    rule: {
      level: n % 16,
      id: String(5700 + (n % 20)),
      description: n % 7 === 0 ? '=HYPERLINK("http://x")' : `Alert ${n}`,
      groups: n % 2 ? ['sshd', 'authentication_failed'] : ['syscheck'],
    },
    full_log: `log line ${n}`,
  };
}

type StandInDocument = { index: string; source: Record<string, unknown>; id?: string };

function* documents(
  ownAlerts: number,
  now: number,
  more: () => Iterable<StandInDocument> = () => [],
): Generator<StandInDocument> {
  yield* more();
  for (let n = 0; n < ownAlerts; n++)
    yield { index: 'wazuh-alerts-4.x-2024.05.10', source: testAlert(n, now) };
  for (let n = 0; n < 25; n++)
    yield { index: 'wazuh-alerts-4.x-2024.05.10', source: testAlert(n, now, 'other.manager') };
}

export async function startAlertsTestEnv(
  options: {
    ownAlerts?: number;
    indexer?: Record<string, unknown>;
    /** Read the stand-in through a hostile proxy (`env.hostile`). */
    hostile?: boolean;
    /** Further indexer nodes, tried before the stand-in (an indexer cluster with nodes out). */
    extraHosts?: string[];
    /** More documents for the stand-in (states), made as it loads them. */
    documents?: () => Iterable<StandInDocument>;
  } = {},
): Promise<AlertsTestEnv> {
  const now = Date.now();
  const ownAlerts = options.ownAlerts ?? 500;
  const indexer = await startIndexer({
    documents: documents(ownAlerts, now, options.documents),
    users: [INDEXER_USER],
  });
  let env: MainTestEnv;
  let hostile: HostileIndexer | undefined;
  try {
    if (options.hostile) hostile = await startHostileIndexer(indexer.url);
    env = await startMainTestEnv({
      simulator: {
        agents: AGENTS.length - 1,
        roles: [
          {
            name: 'three_agents',
            policies: [
              {
                actions: ['agent:read'],
                resources: ANALYST_AGENTS.map((id) => `agent:id:${id}`),
                effect: 'allow',
              },
            ],
          },
        ],
        runAsRules: [
          { id: 1, name: 'admins', rule: { FIND: { roles: 'admin' } }, roles: ['administrator'] },
          {
            id: 2,
            name: 'analysts',
            rule: { MATCH: { user_name: ANALYST.username } },
            roles: ['three_agents'],
          },
          {
            id: 3,
            name: 'readers',
            rule: {
              AND: [
                { FIND: { roles: 'user' } },
                { NOT: { MATCH: { user_name: ANALYST.username } } },
              ],
            },
            roles: ['readonly'],
          },
        ],
      },
      svc: {
        indexer: {
          hosts: [...(options.extraHosts ?? []), hostile?.url ?? indexer.url],
          username: INDEXER_USER.username,
          password: INDEXER_USER.password,
          requestTimeoutMs: 1_000,
          ...options.indexer,
        },
      },
    });
  } catch (error) {
    await hostile?.stop();
    await indexer.stop();
    throw error;
  }
  await env.dashboard.addUser(ANALYST.username, ANALYST.password, ['user']);
  const analyst = await env.dashboard.login(ANALYST.username, ANALYST.password);
  return {
    ...env,
    indexer,
    ...(hostile && { hostile }),
    analyst,
    ownAlerts,
    now,
    async stop() {
      await env.stop();
      await hostile?.stop();
      await indexer.stop();
    },
  };
}

/** The selection of every alert of the test host in the last day. */
export const lastDay = { apiHostId: 'sim', timeRange: { from: 'now-1d', to: 'now' } };

/** Texts (answers and log lines) that carry the indexer's password (expected: none). */
export function indexerSecretLeaks(env: AlertsTestEnv): string[] {
  return [
    ...env.dashboard.logs(),
    ...env.responses.map((response) => `${JSON.stringify(response.headers)} ${response.text}`),
  ].filter((text) => text.includes(INDEXER_USER.password));
}
