/**
 * The fleet's states, in one run, on 5,000 agents × 400 packages (2,000,000 package documents in
 * the indexer stand-in, each process of its own):
 * (a) IT Hygiene's Software tab opening: its first page (15 rows, the default sort) and its KPIs
 *     (total, top vendors, package types) from `POST /api/alerts/search` with charts, counted on
 *     the stand-in's own counters (target: at most 2 indexer requests);
 * (b) that same request at saturation through the dashboard beside the same query sent straight to
 *     the stand-in (target: dashboard ÷ direct ≥ 0.8);
 * (c) the CSV export of the fleet's 1,000,000 `deb` package rows (target: ≥ 50,000 rows/s, first
 *     byte ≤ 1 s, dashboard RSS added ≤ 100 MB).
 */
import { performance } from 'node:perf_hooks';
import type { AlertsChartRequest } from '../../plugins/main/common/alerts/api';
import { pageBody } from '../../plugins/main/server/services/alerts/search/search-service';
import { planCharts } from '../../plugins/main/server/services/alerts/search/charts';
import { SearchDatasets } from '../../plugins/main/server/services/alerts/search/datasets';
import { startIndexer } from '../../simulator/indexer';
import {
  buildIfStale,
  dashboardSession,
  spawnDashboard,
  spawnServer,
  spawnSimulator,
  type ChildDashboard,
  type ChildServer,
} from '../integration/main/processes';
import type { BenchResult } from './run';
import { benchPackages } from './states-indexer.fixture';
import {
  benchSearch,
  csvExportTarget,
  downloadCsv,
  mb,
  peakRss,
  saturate,
  SATURATION_CONNECTIONS,
  sideBySide,
  simulatorHost,
} from './support';

export const name = 'States: the Software tab and its CSV export';

const AGENTS = Number(process.env.STATES_BENCH_AGENTS ?? 5_000);
const PACKAGES = Number(process.env.STATES_BENCH_PACKAGES ?? 400);
const DOCUMENTS = AGENTS * PACKAGES;
const ROUND_MS = Number(process.env.STATES_BENCH_SECONDS ?? 8) * 1000;
const WARM_UP_MS = 2_000;
const ROUNDS = 2;
const API_HOST = 'bench';
const INDEXER_ADMIN = { username: 'admin', password: 'admin' };
const DATASET = 'inventory-packages';
const COLUMNS = ['agent.name', 'package.vendor', 'package.name', 'package.version', 'package.type'];
/** Half of the packages are `deb`: the export's selection. */
const DEB = [{ type: 'is', field: 'package.type', value: 'deb' }];
const TARGETS = {
  requests: 2,
  searchRatio: 0.8,
  rowsPerSecond: 50_000,
  firstByteMs: 1_000,
  rssGrowthBytes: 100 * 1024 * 1024,
};

/** The Software tab's KPIs, asked with its first page. */
const SOFTWARE_KPIS: AlertsChartRequest[] = [
  { id: 'vendors', type: 'terms', field: 'package.vendor', size: 5 },
  { id: 'types', type: 'terms', field: 'package.type', size: 4 },
];
const SOFTWARE_PAGE = { apiHostId: API_HOST, dataset: DATASET, size: 15, charts: SOFTWARE_KPIS };

function dashboardConfig(simulator: ChildServer & { port: number }, indexerUrl: string) {
  return {
    hosts: [simulatorHost(API_HOST, simulator.port)],
    indexer: {
      hosts: [indexerUrl],
      ...INDEXER_ADMIN,
      csvMaxRows: DOCUMENTS,
      maxRequestsInFlightPerUser: SATURATION_CONNECTIONS * 2,
      requestTimeoutMs: 120_000,
    },
  };
}

/** The body the dashboard sends for the Software tab's opening, built by the same code. */
function directBody(): Record<string, unknown> {
  const { query, sort } = benchSearch(API_HOST, DATASET);
  const charts = planCharts(SOFTWARE_KPIS, {
    fields: new SearchDatasets('wazuh-alerts-*').get(DATASET).fields,
    now: new Date(),
    maxBuckets: 10_000,
    path: 'charts',
  });
  return { ...pageBody({ query }, { size: 15, sort, charts }), from: 0 };
}

/** (a) The stand-in's own count of requests for the tab's opening (the size does not change it). */
async function openingRequests(simulator: ChildServer & { port: number }): Promise<BenchResult> {
  const indexer = await startIndexer({
    documents: benchPackages(20, PACKAGES),
    users: [INDEXER_ADMIN],
  });
  const dashboard = await spawnDashboard(dashboardConfig(simulator, indexer.url), {
    compiled: true,
  });
  try {
    const cookie = await dashboardSession(dashboard);
    const post = () =>
      fetch(`${dashboard.url}/api/alerts/search`, {
        method: 'POST',
        headers: { cookie, 'osd-xsrf': 'bench', 'content-type': 'application/json' },
        body: JSON.stringify(SOFTWARE_PAGE),
      });
    // The user's scope is read once and kept: the first call warms it.
    await (await post()).json();
    // Searches, counts and points in time: what a view's requests cost (health checks aside).
    const requests = () =>
      Object.entries(indexer.stats.byEndpoint)
        .filter(([endpoint]) => /search|pit|count/.test(endpoint))
        .reduce((sum, [, count]) => sum + (count ?? 0), 0);
    const before = requests();
    const answer = (await (await post()).json()) as { hits: unknown[]; charts: object };
    const used = requests() - before;
    return {
      title: "IT Hygiene's Software tab opening: first page (15 rows) and KPIs",
      figures: [
        ['indexer requests', String(used)],
        ['rows, charts', `${answer.hits.length}, ${Object.keys(answer.charts).length}`],
      ],
      target: { text: `≤ ${TARGETS.requests} indexer requests`, met: used <= TARGETS.requests },
    };
  } finally {
    await dashboard.stop();
    await indexer.stop();
  }
}

async function withDashboard<T>(
  simulator: ChildServer & { port: number },
  indexer: ChildServer,
  work: (dashboard: ChildDashboard, cookie: string) => Promise<T>,
): Promise<T> {
  const dashboard = await spawnDashboard(dashboardConfig(simulator, indexer.url), {
    compiled: true,
  });
  try {
    return await work(dashboard, await dashboardSession(dashboard));
  } finally {
    await dashboard.stop();
  }
}

/** (b) The opening at saturation, through the dashboard and straight to the stand-in. */
async function openingAtSaturation(
  simulator: ChildServer & { port: number },
  indexer: ChildServer,
): Promise<BenchResult> {
  return withDashboard(simulator, indexer, async (dashboard, cookie) => {
    const basic = `Basic ${Buffer.from(`${INDEXER_ADMIN.username}:${INDEXER_ADMIN.password}`).toString('base64')}`;
    const viaDashboard = (ms = ROUND_MS) =>
      saturate(
        `${dashboard.url}/api/alerts/search`,
        { cookie, 'osd-xsrf': 'bench' },
        SOFTWARE_PAGE,
        ms,
        { dashboard, 'stand-in': indexer },
      );
    const direct = (ms = ROUND_MS) =>
      saturate(
        `${indexer.url}/wazuh-states-inventory-packages-*/_search`,
        { authorization: basic },
        directBody(),
        ms,
        { 'stand-in': indexer },
      );
    const { bestDashboard, bestDirect, failures, ratio } = await sideBySide(viaDashboard, direct, {
      rounds: ROUNDS,
      warmUpMs: WARM_UP_MS,
    });
    return {
      title: `The Software tab's opening at saturation (${SATURATION_CONNECTIONS} connections, best of ${ROUNDS} rounds of ${ROUND_MS / 1000} s)`,
      figures: [
        ['POST /api/alerts/search', `${bestDashboard.requestsPerSecond.toFixed(1)} req/s`],
        ['same query straight to the stand-in', `${bestDirect.requestsPerSecond.toFixed(1)} req/s`],
        ['dashboard ÷ direct', ratio.toFixed(2)],
        [
          'failures',
          failures.length ? JSON.stringify(failures.map((run) => run.failures)) : 'none',
        ],
      ],
      target: {
        text: `dashboard ÷ direct ≥ ${TARGETS.searchRatio}, no failures`,
        // A stand-in that answered nothing in a round gives no ratio, not an infinite one.
        met:
          bestDirect.requestsPerSecond > 0 && ratio >= TARGETS.searchRatio && failures.length === 0,
      },
    };
  });
}

/** (c) The CSV export of every `deb` package of the fleet. */
async function csvExport(
  simulator: ChildServer & { port: number },
  indexer: ChildServer,
): Promise<BenchResult> {
  const expected = DOCUMENTS / 2;
  return withDashboard(simulator, indexer, async (dashboard, cookie) => {
    const { before, peak, result } = await peakRss(dashboard, () =>
      downloadCsv(`${dashboard.url}/api/alerts/csv`, cookie, {
        apiHostId: API_HOST,
        dataset: DATASET,
        filters: DEB,
        columns: COLUMNS,
      }),
    );
    const rows = result.newlines - 1;
    const rowsPerSecond = (rows / result.totalMs) * 1000;
    return {
      title: `CSV export of ${expected.toLocaleString('en')} package rows (${COLUMNS.length} columns) through POST /api/alerts/csv`,
      figures: [
        ['rows', `${rows.toLocaleString('en')} of ${expected.toLocaleString('en')}`],
        ['rows/s', rowsPerSecond.toFixed(0)],
        ['time to first byte', `${result.firstByteMs.toFixed(0)} ms`],
        ['dashboard RSS before → peak', `${mb(before)} → ${mb(peak)} (+${mb(peak - before)})`],
      ],
      target: csvExportTarget(TARGETS, {
        whole: result.status === 200 && result.complete && rows === expected,
        rowsPerSecond,
        firstByteMs: result.firstByteMs,
        growth: peak - before,
      }),
    };
  });
}

export async function run(): Promise<BenchResult[]> {
  buildIfStale();
  const simulator = await spawnSimulator({ agents: 50 });
  try {
    const requests = await openingRequests(simulator);
    const started = performance.now();
    const indexer = await spawnServer('test/bench/states-indexer.fixture.ts', {
      BENCH_STATES_AGENTS: String(AGENTS),
      BENCH_STATES_PACKAGES: String(PACKAGES),
      NODE_OPTIONS: '--max-old-space-size=12288',
    });
    const loadS = ((performance.now() - started) / 1000).toFixed(0);
    try {
      const saturation = await openingAtSaturation(simulator, indexer);
      saturation.title += `, ${DOCUMENTS.toLocaleString('en')} packages (stand-in loaded in ${loadS} s)`;
      return [requests, saturation, await csvExport(simulator, indexer)];
    } finally {
      await indexer.stop();
    }
  } finally {
    await simulator.stop();
  }
}
