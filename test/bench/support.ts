/** What several benchmarks measure or start alike: the simulator as a host, sizes, a CSV export's target. */
import autocannon from 'autocannon';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { AlertsDatasetId } from '../../plugins/main/common/alerts/datasets';
import { SearchDatasets } from '../../plugins/main/server/services/alerts/search/datasets';
import { indexerSort } from '../../plugins/main/server/services/alerts/search/prepared-selection';
import {
  scopedQuery,
  selectionClauses,
} from '../../plugins/main/server/services/alerts/search/selection-query';
import { resolveTimeRange } from '../../plugins/main/server/services/alerts/search/time-range';
import { RUN_AS_USER } from '../../simulator/users';
import { spawnServer, type ChildServer } from '../integration/main/processes';
import { BENCH_MANAGER } from './alerts-indexer.fixture';
import type { BenchResult } from './run';

/** Megabytes with one decimal, as every CSV figure prints them. */
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The dashboard's host entry for a simulator on `port`, as the run-as user. */
export function simulatorHost(id: string, port: number) {
  return {
    id,
    url: 'http://127.0.0.1',
    port,
    // Not `wazuh`/`wazuh`: answers are scrubbed of the host's password, and `wazuh` is part of
    // the manager's name (`wazuh.manager`), which the alerts pin reads.
    username: RUN_AS_USER.username,
    password: RUN_AS_USER.password,
  };
}

/**
 * The query and default sort the dashboard sends for the bench host's alerts in `timeRange` (pinned
 * to its manager, no filter), built by the dashboard's own code.
 */
export function benchAlertsSearch(
  apiHostId: string,
  timeRange: { from: string; to: string },
  options?: BenchSearchOptions,
) {
  return benchSearch(apiHostId, 'alerts', timeRange, options);
}

interface BenchSearchOptions {
  /**
   * The time range left as date math, which the indexer resolves at each search: the same work as
   * the dashboard's searches, each resolving `now` afresh, where a body repeated word for word is a
   * query an indexer may keep the matches of.
   */
  nowPerSearch?: boolean;
}

/**
 * The same for any dataset (a states dataset takes no time range), pinned to the bench manager and
 * with no filter.
 */
export function benchSearch(
  apiHostId: string,
  datasetId: AlertsDatasetId,
  timeRange?: { from: string; to: string },
  options: BenchSearchOptions = {},
) {
  const dataset = new SearchDatasets(() => 'wazuh-alerts-*').get(datasetId);
  const now = new Date();
  const resolved = timeRange && {
    ...resolveTimeRange(timeRange, now),
    ...(options.nowPerSearch && timeRange),
  };
  const clauses = selectionClauses({ apiHostId }, dataset.fields, now);
  const time =
    dataset.timeField && resolved ? { field: dataset.timeField, range: resolved } : undefined;
  return {
    query: scopedQuery(clauses, { pin: { field: 'manager.name', value: BENCH_MANAGER } }, time, {
      pin: { field: dataset.pinField ?? 'manager.name', value: BENCH_MANAGER },
      agentIdField: dataset.agentIdField,
    }),
    sort: indexerSort(undefined, dataset),
  };
}

export interface CsvExportTargets {
  rowsPerSecond: number;
  firstByteMs: number;
  rssGrowthBytes: number;
}

/** Met when the whole file came, fast enough, soon enough, without the dashboard growing past the cap. */
export function csvExportTarget(
  targets: CsvExportTargets,
  measured: { whole: boolean; rowsPerSecond: number; firstByteMs: number; growth: number },
): NonNullable<BenchResult['target']> {
  return {
    text: `whole file, ≥ ${targets.rowsPerSecond.toLocaleString('en')} rows/s, first byte ≤ ${targets.firstByteMs} ms, RSS growth ≤ ${mb(targets.rssGrowthBytes)}`,
    met:
      measured.whole &&
      measured.rowsPerSecond >= targets.rowsPerSecond &&
      measured.firstByteMs <= targets.firstByteMs &&
      measured.growth <= targets.rssGrowthBytes,
  };
}

/** The indexer stand-in in a child process holding `alerts` alerts over the last week, and how long it took. */
export async function spawnAlertsIndexer(
  alerts: number,
): Promise<{ indexer: ChildServer; loadMs: number }> {
  const started = performance.now();
  const indexer = await spawnServer('test/bench/alerts-indexer.fixture.ts', {
    BENCH_ALERTS: String(alerts),
    BENCH_ALERTS_SPAN_MS: String(7 * 86_400_000),
  });
  return { indexer, loadMs: performance.now() - started };
}

export interface CsvDownload {
  status: number;
  firstByteMs: number;
  totalMs: number;
  /** Line feeds received: the header and every row but the last end with one. */
  newlines: number;
  bytes: number;
  /** False when the dashboard aborted the answer. */
  complete: boolean;
}

/** POSTs an export and times it, counting lines as they stream instead of keeping the file. */
export function downloadCsv(url: string, cookie: string, body: unknown): Promise<CsvDownload> {
  const started = performance.now();
  let firstByteMs = -1;
  let newlines = 0;
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { cookie, 'osd-xsrf': 'bench', 'content-type': 'application/json' },
      },
      (response) => {
        const finish = (complete: boolean) => () =>
          resolve({
            status: response.statusCode ?? 0,
            firstByteMs,
            totalMs: performance.now() - started,
            newlines,
            bytes,
            complete,
          });
        response.on('data', (chunk: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines += 1;
        });
        response.on('end', finish(true));
        response.on('aborted', finish(false));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** Connections kept busy to saturate a search. */
export const SATURATION_CONNECTIONS = 16;

export interface Saturation {
  requestsPerSecond: number;
  /** Connection errors and timeouts, and answers other than 2xx by status. */
  failures: Record<string, number>;
  /** CPU time each process used per answered request (µs), by process name. */
  cpuMicrosPerRequest: Record<string, number>;
}

/** Requests per second `url` answers `body` at saturation, and what it cost each process. */
export async function saturate(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  durationMs: number,
  processes: Record<string, ChildServer>,
): Promise<Saturation> {
  const cpuBefore = Object.fromEntries(
    Object.entries(processes).map(([name, child]) => [name, child.cpuMicros()]),
  );
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    connections: SATURATION_CONNECTIONS,
    duration: durationMs / 1000,
  });
  const answered = Math.max(1, result.requests.total);
  const failures: Record<string, number> = {};
  if (result.errors) failures.errors = result.errors;
  if (result.timeouts) failures.timeouts = result.timeouts;
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {}))
    if (!status.startsWith('2')) failures[status] = (stats as { count?: number }).count ?? 0;
  return {
    requestsPerSecond: result.requests.average,
    failures,
    cpuMicrosPerRequest: Object.fromEntries(
      Object.entries(processes).map(([name, child]) => [
        name,
        (child.cpuMicros() - cpuBefore[name]) / answered,
      ]),
    ),
  };
}

/**
 * Both paths warmed up first (JIT, keep-alive sockets, the user's scope), then `rounds` rounds of
 * each in turn: the best round of each, their ratio, and the rounds that saw failures.
 */
export async function sideBySide(
  viaDashboard: (durationMs?: number) => Promise<Saturation>,
  direct: (durationMs?: number) => Promise<Saturation>,
  options: { rounds: number; warmUpMs: number },
) {
  await viaDashboard(options.warmUpMs);
  await direct(options.warmUpMs);
  const dashboardRuns: Saturation[] = [];
  const directRuns: Saturation[] = [];
  for (let round = 0; round < options.rounds; round++) {
    directRuns.push(await direct());
    dashboardRuns.push(await viaDashboard());
  }
  const best = (runs: Saturation[]) =>
    runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  const bestDashboard = best(dashboardRuns);
  const bestDirect = best(directRuns);
  return {
    bestDashboard,
    bestDirect,
    ratio: bestDashboard.requestsPerSecond / bestDirect.requestsPerSecond,
    failures: [...dashboardRuns, ...directRuns].filter(
      (run) => Object.keys(run.failures).length > 0,
    ),
  };
}

const RSS_SAMPLE_MS = 50;

/** The largest resident memory `child` reaches while `work` runs, and `work`'s result. */
export async function peakRss<T>(
  child: ChildServer,
  work: () => Promise<T>,
): Promise<{ before: number; peak: number; result: T }> {
  const before = child.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, child.rss())), RSS_SAMPLE_MS);
  try {
    const result = await work();
    return { before, peak: Math.max(peak, child.rss()), result };
  } finally {
    clearInterval(sampler);
  }
}
