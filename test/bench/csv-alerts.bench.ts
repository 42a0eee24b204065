/**
 * The alerts CSV export of 1,000,000 alerts through `POST /api/alerts/csv`, the dashboard, the
 * managed-API simulator and the indexer stand-in each in a process of their own:
 * - one export: rows per second, time to the first byte and the dashboard's added resident memory
 *   (peak sampled from /proc, less the figure before). Targets: ≥ 50,000 rows/s, first byte ≤ 1 s,
 *   RSS added ≤ 100 MB;
 * - two exports at once on a fresh dashboard: the RSS they add together (target ≤ 150 MB) and their
 *   rows per second;
 * - beside them, on the same stand-in, a 30-line pager (a point in time, pages of 5,000 with
 *   `search_after`, each page parsed whole, the same columns joined by commas, no quoting or
 *   cleaning): what the export's rate is against the simplest script that does the same.
 * `CSV_ALERTS_BENCH_BASELINE=<checkout>` also measures an earlier checkout of the dashboard (its
 * `npm ci` and `npm run build` done) in the same run, one export and two, right after this one's.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  buildIfStale,
  dashboardSession,
  spawnDashboard,
  spawnSimulator,
  type ChildDashboard,
  type ChildServer,
} from '../integration/main/processes';
import type { BenchResult } from './run';
import {
  benchAlertsSearch,
  csvExportTarget,
  downloadCsv,
  mb,
  peakRss,
  simulatorHost,
  spawnAlertsIndexer,
  type CsvDownload,
} from './support';

export const name = 'Alerts: CSV export memory and rate';

const ALERTS = Number(process.env.CSV_ALERTS_BENCH_ALERTS ?? 1_000_000);
const BASELINE_CHECKOUT = process.env.CSV_ALERTS_BENCH_BASELINE;
const API_HOST = 'bench';
const INDEXER_ADMIN = { username: 'admin', password: 'admin' };
const COLUMNS = ['timestamp', 'agent.name', 'rule.description', 'rule.level', 'rule.id'];
/** The whole week the stand-in holds, and a day more. */
const TIME_RANGE = { from: 'now-8d', to: 'now' };
const PAGE_SIZE = 5_000;
const TARGETS = {
  rowsPerSecond: 50_000,
  firstByteMs: 1_000,
  rssGrowthBytes: 100 * 1024 * 1024,
  twoAtOnceRssGrowthBytes: 150 * 1024 * 1024,
};

function dashboardConfig(simulator: ChildServer & { port: number }, indexerUrl: string) {
  return {
    hosts: [simulatorHost(API_HOST, simulator.port)],
    indexer: { hosts: [indexerUrl], ...INDEXER_ADMIN, csvMaxRows: ALERTS },
  };
}

/** The export as Threat Hunting's button asks for it. */
const exportAlerts = (dashboard: ChildDashboard, cookie: string) =>
  downloadCsv(`${dashboard.url}/api/alerts/csv`, cookie, {
    apiHostId: API_HOST,
    timeRange: TIME_RANGE,
    columns: COLUMNS,
  });

/** The simplest script that writes the same rows: pages read and parsed whole, cells joined. */
async function pager(indexerUrl: string): Promise<{ rows: number; totalMs: number }> {
  const started = performance.now();
  const basic = Buffer.from(`${INDEXER_ADMIN.username}:${INDEXER_ADMIN.password}`);
  const headers = {
    authorization: `Basic ${basic.toString('base64')}`,
    'content-type': 'application/json',
  };
  const opened = await fetch(`${indexerUrl}/wazuh-alerts-*/_search/point_in_time?keep_alive=1m`, {
    method: 'POST',
    headers,
  });
  const pit = ((await opened.json()) as { pit_id: string }).pit_id;
  const search = { ...benchAlertsSearch(API_HOST, TIME_RANGE), _source: COLUMNS };
  const cell = (source: Record<string, unknown>, column: string): string => {
    const value = column.split('.').reduce<unknown>((at, key) => (at as never)?.[key], source);
    return value === undefined || value === null ? '' : String(value);
  };
  let rows = 0;
  let bytes = 0;
  for (let after: unknown[] | undefined; ;) {
    const page = await fetch(`${indexerUrl}/_search`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        ...search,
        size: PAGE_SIZE,
        pit: { id: pit, keep_alive: '1m' },
        ...(after && { search_after: after }),
      }),
    });
    const { hits } = (await page.json()) as {
      hits: { hits: Array<{ _source: Record<string, unknown>; sort: unknown[] }> };
    };
    for (const hit of hits.hits)
      bytes += COLUMNS.map((column) => cell(hit._source, column)).join(',').length + 1;
    rows += hits.hits.length;
    if (hits.hits.length < PAGE_SIZE) break;
    after = hits.hits[hits.hits.length - 1].sort;
  }
  await fetch(`${indexerUrl}/_search/point_in_time`, {
    method: 'DELETE',
    headers,
    body: JSON.stringify({ pit_id: [pit] }),
  });
  return { rows: bytes > 0 ? rows : 0, totalMs: performance.now() - started };
}

/** A dashboard of its own for each measurement, so that none starts with a heap another grew. */
async function withDashboard<T>(
  servers: Servers,
  work: (dashboard: ChildDashboard, cookie: string) => Promise<T>,
): Promise<T> {
  const dashboard = await spawnDashboard(dashboardConfig(servers.simulator, servers.indexer.url), {
    compiled: true,
    repo: servers.repo,
  });
  try {
    return await work(dashboard, await dashboardSession(dashboard));
  } finally {
    await dashboard.stop();
  }
}

interface Servers {
  simulator: ChildServer & { port: number };
  indexer: ChildServer;
  /** Another checkout of the dashboard to run (the baseline); default this one. */
  repo?: string;
}

const rowsOf = (download: CsvDownload) => download.newlines - 1;
const rate = (rows: number, ms: number) => (rows / ms) * 1000;
const whole = (download: CsvDownload) =>
  download.status === 200 && download.complete && rowsOf(download) === ALERTS;

/** One export on a fresh dashboard: its download, the RSS it added, the CPU per row it cost. */
async function oneExport(servers: Servers) {
  return withDashboard(servers, async (dashboard, cookie) => {
    const cpuBefore = { dashboard: dashboard.cpuMicros(), indexer: servers.indexer.cpuMicros() };
    const { before, peak, result } = await peakRss(dashboard, () =>
      exportAlerts(dashboard, cookie),
    );
    const rows = Math.max(1, rowsOf(result));
    const perRow = (micros: number) => `${(micros / rows).toFixed(1)} µs`;
    return {
      download: result,
      rowsPerSecond: rate(rowsOf(result), result.totalMs),
      growth: peak - before,
      rss: `${mb(before)} → ${mb(peak)} (+${mb(peak - before)})`,
      cpuPerRow: `${perRow(dashboard.cpuMicros() - cpuBefore.dashboard)} / ${perRow(servers.indexer.cpuMicros() - cpuBefore.indexer)}`,
    };
  });
}

/** Two exports at once on a fresh dashboard: whether both were whole, their rate, the RSS added. */
async function twoExports(servers: Servers) {
  return withDashboard(servers, async (dashboard, cookie) => {
    const started = performance.now();
    const { before, peak, result } = await peakRss(dashboard, () =>
      Promise.all([exportAlerts(dashboard, cookie), exportAlerts(dashboard, cookie)]),
    );
    const rows = result.map(rowsOf);
    return {
      whole: result.every(whole),
      rows: rows.map((each) => each.toLocaleString('en')).join(' + '),
      rowsPerSecond: rate(
        rows.reduce((a, b) => a + b, 0),
        performance.now() - started,
      ),
      growth: peak - before,
      rss: `${mb(before)} → ${mb(peak)} (+${mb(peak - before)})`,
    };
  });
}

export async function run(): Promise<BenchResult[]> {
  buildIfStale();
  const { indexer, loadMs } = await spawnAlertsIndexer(ALERTS);
  const simulator = await spawnSimulator({ agents: 50 });
  try {
    const servers = { simulator, indexer };
    const baselineServers = BASELINE_CHECKOUT && { ...servers, repo: BASELINE_CHECKOUT };
    const pagerRun = await pager(indexer.url);
    const one = await oneExport(servers);
    const oneBefore = baselineServers ? await oneExport(baselineServers) : undefined;
    const two = await twoExports(servers);
    const twoBefore = baselineServers ? await twoExports(baselineServers) : undefined;
    const pagerRate = rate(pagerRun.rows, pagerRun.totalMs);
    const load = loadavg()[0].toFixed(1);
    const before = (label: string, value: string | undefined): Array<[string, string]> =>
      value === undefined ? [] : [[`${label}, baseline checkout`, value]];
    return [
      {
        title: `CSV export of ${ALERTS.toLocaleString('en')} alerts (${COLUMNS.length} columns) through POST /api/alerts/csv, beside a pager on the same stand-in (stand-in started with them in ${(loadMs / 1000).toFixed(0)} s; load average ${load})`,
        figures: [
          [
            'rows',
            `${rowsOf(one.download).toLocaleString('en')} of ${ALERTS.toLocaleString('en')}`,
          ],
          ['export rows/s', one.rowsPerSecond.toFixed(0)],
          ...before('export rows/s', oneBefore?.rowsPerSecond.toFixed(0)),
          ['pager rows/s', pagerRate.toFixed(0)],
          ['export ÷ pager', (one.rowsPerSecond / pagerRate).toFixed(2)],
          ['time to first byte', `${one.download.firstByteMs.toFixed(0)} ms`],
          ['dashboard RSS before → peak', one.rss],
          ...before('dashboard RSS before → peak', oneBefore?.rss),
          ['CPU per row, dashboard / stand-in', one.cpuPerRow],
          ...before('CPU per row, dashboard / stand-in', oneBefore?.cpuPerRow),
        ],
        target: csvExportTarget(TARGETS, {
          whole: whole(one.download),
          rowsPerSecond: one.rowsPerSecond,
          firstByteMs: one.download.firstByteMs,
          growth: one.growth,
        }),
      },
      {
        title: `Two CSV exports of ${ALERTS.toLocaleString('en')} alerts at once, on a fresh dashboard`,
        figures: [
          ['rows', two.rows],
          ['rows/s, both together', two.rowsPerSecond.toFixed(0)],
          ...before('rows/s, both together', twoBefore?.rowsPerSecond.toFixed(0)),
          ['dashboard RSS before → peak', two.rss],
          ...before('dashboard RSS before → peak', twoBefore?.rss),
        ],
        target: {
          text: `both whole, RSS added ≤ ${mb(TARGETS.twoAtOnceRssGrowthBytes)}`,
          met: two.whole && two.growth <= TARGETS.twoAtOnceRssGrowthBytes,
        },
      },
    ];
  } finally {
    await simulator.stop();
    await indexer.stop();
  }
}
