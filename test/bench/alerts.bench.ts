/**
 * The alerts side, in one run: (a) the dashboard's `POST /api/alerts/search` (Threat Hunting's
 * events table) beside the same query sent straight to the indexer stand-in, at saturation; (b) how
 * many indexer requests the Overview's counts and Threat Hunting's first view cost, read from the
 * stand-in's own counters. The dashboard, the managed-API simulator and the stand-in each run in a
 * process of their own (for (b) the stand-in runs in this one, whose counters are read); the
 * stand-in loads its alerts in-process, through its `documents` option. The CSV export of alerts
 * has a bench of its own, `csv-alerts.bench.ts`.
 */
import { SEVERITY_CHART } from '../../plugins/main/common/alerts/api';
import { DASHBOARD_CHARTS } from '../../plugins/main/public/apps/threat-hunting/dashboard';
import { pageBody } from '../../plugins/main/server/services/alerts/search/search-service';
import { startIndexer, type IndexerStandIn } from '../../simulator/indexer';
import {
  buildIfStale,
  dashboardSession,
  spawnDashboard,
  spawnSimulator,
  type ChildDashboard,
  type ChildServer,
} from '../integration/main/processes';
import { benchAlerts } from './alerts-indexer.fixture';
import type { BenchResult } from './run';
import {
  benchAlertsSearch,
  saturate,
  SATURATION_CONNECTIONS,
  sideBySide,
  simulatorHost,
  spawnAlertsIndexer,
} from './support';

export const name = 'Alerts: search and indexer requests';

const SEARCH_ALERTS = Number(process.env.ALERTS_BENCH_SEARCH_ALERTS ?? 100_000);
/** Alerts the request counts are taken over (their number does not change the count). */
const COUNTED_ALERTS = 20_000;
const WEEK_MS = 7 * 86_400_000;
const ROUNDS = 2;
const ROUND_MS = Number(process.env.ALERTS_BENCH_SECONDS ?? 8) * 1000;
const WARM_UP_MS = 2_000;
const TARGETS = {
  searchRatio: 0.8,
  overviewRequests: 1,
  threatHuntingRequests: 3,
};
const INDEXER_ADMIN = { username: 'admin', password: 'admin' };
const API_HOST = 'bench';

/** Threat Hunting's selection when it opens (last 24 hours, blank query, no filters). */
const THREAT_HUNTING_SELECTION = {
  apiHostId: API_HOST,
  timeRange: { from: 'now-24h', to: 'now' },
  query: { language: 'kuery', query: '' },
  filters: [],
};

const OVERVIEW_COUNTS = {
  apiHostId: API_HOST,
  timeRange: { from: 'now-24h', to: 'now' },
  charts: [SEVERITY_CHART],
};

function dashboardConfig(simulator: ChildServer & { port: number }, indexerUrl: string) {
  return {
    hosts: [simulatorHost(API_HOST, simulator.port)],
    indexer: {
      hosts: [indexerUrl],
      ...INDEXER_ADMIN,
      // Saturation is what is measured: the per-user cap must not be what stops it.
      maxRequestsInFlightPerUser: SATURATION_CONNECTIONS * 2,
    },
  };
}

/**
 * The body the dashboard sends for the events table's first page, built by the same code, with the
 * last 24 hours resolved by the stand-in at each search as the dashboard resolves them at each.
 */
function directSearchBody(): Record<string, unknown> {
  const { query, sort } = benchAlertsSearch(
    API_HOST,
    { from: 'now-24h', to: 'now' },
    { nowPerSearch: true },
  );
  return { ...pageBody({ query }, { size: 15, sort }), from: 0 };
}

async function searchSideBySide(): Promise<BenchResult> {
  const simulator = await spawnSimulator({ agents: 50 });
  const { indexer } = await spawnAlertsIndexer(SEARCH_ALERTS);
  let dashboard: ChildDashboard | undefined;
  try {
    dashboard = await spawnDashboard(dashboardConfig(simulator, indexer.url), { compiled: true });
    const cookie = await dashboardSession(dashboard);
    const viaDashboard = (durationMs = ROUND_MS) =>
      saturate(
        `${dashboard!.url}/api/alerts/search`,
        { cookie, 'osd-xsrf': 'bench' },
        { apiHostId: API_HOST, timeRange: { from: 'now-24h', to: 'now' }, size: 15 },
        durationMs,
        { dashboard: dashboard!, 'stand-in': indexer },
      );
    const basic = `Basic ${Buffer.from(`${INDEXER_ADMIN.username}:${INDEXER_ADMIN.password}`).toString('base64')}`;
    const direct = (durationMs = ROUND_MS) =>
      saturate(
        `${indexer.url}/wazuh-alerts-*/_search`,
        { authorization: basic },
        directSearchBody(),
        durationMs,
        { 'stand-in': indexer },
      );
    const { bestDashboard, bestDirect, failures, ratio } = await sideBySide(viaDashboard, direct, {
      rounds: ROUNDS,
      warmUpMs: WARM_UP_MS,
    });
    const µs = (value: number) => `${value.toFixed(0)} µs`;
    return {
      title: `Threat Hunting's events table (15 rows, last 24 h of ${SEARCH_ALERTS.toLocaleString('en')} alerts over 7 days), ${SATURATION_CONNECTIONS} connections, best of ${ROUNDS} rounds of ${ROUND_MS / 1000} s`,
      figures: [
        ['POST /api/alerts/search', `${bestDashboard.requestsPerSecond.toFixed(0)} req/s`],
        ['same query straight to the stand-in', `${bestDirect.requestsPerSecond.toFixed(0)} req/s`],
        ['dashboard ÷ direct', ratio.toFixed(2)],
        ['dashboard CPU per search', µs(bestDashboard.cpuMicrosPerRequest.dashboard)],
        [
          'stand-in CPU per search, via the dashboard / direct',
          `${µs(bestDashboard.cpuMicrosPerRequest['stand-in'])} / ${µs(bestDirect.cpuMicrosPerRequest['stand-in'])}`,
        ],
        [
          'failed answers',
          failures.length === 0
            ? 'none'
            : failures.map((run) => JSON.stringify(run.failures)).join(' '),
        ],
      ],
      target: {
        text: `dashboard ÷ direct ≥ ${TARGETS.searchRatio}, no failed answers`,
        met: ratio >= TARGETS.searchRatio && failures.length === 0,
      },
    };
  } finally {
    await dashboard?.stop();
    await indexer.stop();
    await simulator.stop();
  }
}

async function post(
  dashboard: ChildDashboard,
  cookie: string,
  path: string,
  body?: unknown,
): Promise<number> {
  const response = await fetch(`${dashboard.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie, 'osd-xsrf': 'bench', 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Indexer requests (all endpoints) the stand-in counted while `work` ran. */
async function indexerRequests(
  indexer: IndexerStandIn,
  work: () => Promise<unknown>,
): Promise<number> {
  const before = indexer.stats.requests;
  await work();
  return indexer.stats.requests - before;
}

/** (b): the stand-in in this process, so its request counters can be read. */
async function requestsPerView(): Promise<BenchResult> {
  const indexer = await startIndexer({
    documents: benchAlerts(COUNTED_ALERTS, Date.now(), WEEK_MS),
  });
  const simulator = await spawnSimulator({ agents: 50 });
  let dashboard: ChildDashboard | undefined;
  try {
    dashboard = await spawnDashboard(dashboardConfig(simulator, indexer.url), { compiled: true });
    const cookie = await dashboardSession(dashboard);
    const child = dashboard;
    // The user's scope on the host is read once first (managed-API calls, no indexer request).
    await post(child, cookie, '/api/alerts/fields');
    const overview = await indexerRequests(indexer, () =>
      post(child, cookie, '/api/alerts/aggregate', OVERVIEW_COUNTS),
    );
    // The calls Threat Hunting's view makes when it opens, with its own chart definitions.
    const threatHunting = await indexerRequests(indexer, () =>
      Promise.all([
        post(child, cookie, '/api/alerts/fields'),
        post(child, cookie, '/api/alerts/search', {
          ...THREAT_HUNTING_SELECTION,
          size: 15,
          page: 0,
        }),
        post(child, cookie, '/api/alerts/aggregate', {
          ...THREAT_HUNTING_SELECTION,
          charts: DASHBOARD_CHARTS,
        }),
      ]),
    );
    return {
      title: 'Indexer requests per view (counted by the stand-in)',
      figures: [
        ["Overview's four severity counts", String(overview)],
        [
          "Threat Hunting's first view (fields, events table, KPIs, histogram, 4 panels)",
          String(threatHunting),
        ],
      ],
      target: {
        text: `Overview ${TARGETS.overviewRequests}, Threat Hunting ≤ ${TARGETS.threatHuntingRequests}`,
        met:
          overview === TARGETS.overviewRequests && threatHunting <= TARGETS.threatHuntingRequests,
      },
    };
  } finally {
    await dashboard?.stop();
    await simulator.stop();
    await indexer.stop();
  }
}

export async function run(): Promise<BenchResult[]> {
  buildIfStale();
  return [await requestsPerView(), await searchSideBySide()];
}
