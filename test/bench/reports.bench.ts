/**
 * A module report over 1,000,000 alerts: `POST /api/reports` for File Integrity Monitoring (4 KPIs,
 * 6 panels, 3 summary tables) over a week, from the request to the stored PDF, with the dashboard's
 * resident memory sampled while it works and `GET /api/status` timed meanwhile (the PDF is laid out
 * in a worker thread, so the dashboard keeps answering); side by side, the same charts through `POST
 * /api/alerts/aggregate`, what the indexer part alone costs. Targets: ≤ 5 s and ≤ +150 MB RSS.
 * The stand-in (loading the alerts in its own process), the simulator and the dashboard each run in
 * a child process.
 */
import { performance } from 'node:perf_hooks';
import { moduleById } from '../../plugins/main/common/modules';
import type { ReportJob } from '../../plugins/main/common/modules/reports';
import { reportCharts } from '../../plugins/main/server/services/reports/report-content';
import {
  buildIfStale,
  dashboardSession,
  spawnDashboard,
  spawnSimulator,
  type ChildDashboard,
} from '../integration/main/processes';
import type { BenchResult } from './run';
import { simulatorHost, spawnAlertsIndexer } from './support';

export const name = 'Reports: a module report over a million alerts';

const ALERTS = Number(process.env.REPORTS_BENCH_ALERTS ?? 1_000_000);
const MODULE_ID = 'file-integrity-monitoring';
const RSS_SAMPLE_MS = 50;
const POLL_MS = 20;
const ROUNDS = 3;
const TARGETS = { ms: 5_000, rssGrowthBytes: 150 * 1024 * 1024 };
const API_HOST = 'bench';
const SELECTION = { apiHostId: API_HOST, timeRange: { from: 'now-8d', to: 'now' } };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function call(
  dashboard: ChildDashboard,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${dashboard.url}${path}`, {
    method,
    headers: { cookie, 'osd-xsrf': 'bench', 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text) as unknown };
}

/** Milliseconds of each `GET /api/status` answered while reports were made. */
const statusMs: number[] = [];

/**
 * Starts a report and waits for its job to end, timing a `GET /api/status` between polls;
 * returns the job and the time it took.
 */
async function report(
  dashboard: ChildDashboard,
  cookie: string,
): Promise<{ job: ReportJob; ms: number }> {
  const started = performance.now();
  const accepted = await call(dashboard, cookie, 'POST', '/api/reports', {
    moduleId: MODULE_ID,
    selection: SELECTION,
  });
  if (accepted.status !== 202) throw new Error(`POST /api/reports answered ${accepted.status}`);
  let job = accepted.json() as ReportJob;
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const asked = performance.now();
    await (await fetch(`${dashboard.url}/api/status`)).arrayBuffer();
    statusMs.push(performance.now() - asked);
    job = (await call(dashboard, cookie, 'GET', `/api/reports/jobs/${job.id}`)).json() as ReportJob;
  }
  return { job, ms: performance.now() - started };
}

async function aggregate(dashboard: ChildDashboard, cookie: string): Promise<number> {
  const module = moduleById(MODULE_ID)!;
  const started = performance.now();
  const response = await call(dashboard, cookie, 'POST', '/api/alerts/aggregate', {
    ...SELECTION,
    filters: module.fixedFilters,
    charts: reportCharts(module, false),
  });
  if (response.status !== 200)
    throw new Error(`POST /api/alerts/aggregate answered ${response.status}`);
  return performance.now() - started;
}

export async function run(): Promise<BenchResult[]> {
  buildIfStale();
  const { indexer, loadMs } = await spawnAlertsIndexer(ALERTS);
  const simulator = await spawnSimulator({ agents: 50 });
  let dashboard: ChildDashboard | undefined;
  try {
    dashboard = await spawnDashboard(
      {
        hosts: [simulatorHost(API_HOST, simulator.port)],
        indexer: {
          hosts: [indexer.url],
          username: 'admin',
          password: 'admin',
          requestTimeoutMs: 60_000,
        },
      },
      { compiled: true },
    );
    const cookie = await dashboardSession(dashboard);
    const child = dashboard;
    // One of each first, so both sides run warm.
    await aggregate(child, cookie);
    await report(child, cookie);
    const aggregateMs: number[] = [];
    const reportMs: number[] = [];
    let sizes = 0;
    let failed: ReportJob | undefined;
    const rssBefore = child.rss();
    let rssPeak = rssBefore;
    for (let round = 0; round < ROUNDS; round++) {
      aggregateMs.push(await aggregate(child, cookie));
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, child.rss())), RSS_SAMPLE_MS);
      const made = await report(child, cookie).finally(() => clearInterval(sampler));
      reportMs.push(made.ms);
      if (made.job.status !== 'succeeded') failed = made.job;
      sizes = made.job.report?.size ?? 0;
    }
    const best = (values: number[]) => Math.min(...values);
    const growth = rssPeak - rssBefore;
    return [
      {
        title: `${moduleById(MODULE_ID)!.title} report over ${ALERTS.toLocaleString('en')} alerts (a week; stand-in loaded in ${(loadMs / 1000).toFixed(0)} s), best of ${ROUNDS}`,
        figures: [
          ['report: request to stored PDF', `${best(reportMs).toFixed(0)} ms`],
          ['same charts via /api/alerts/aggregate', `${best(aggregateMs).toFixed(0)} ms`],
          ['report ÷ aggregate', (best(reportMs) / best(aggregateMs)).toFixed(2)],
          ['PDF size', `${(sizes / 1024).toFixed(0)} kB`],
          ['dashboard RSS before → peak', `${mb(rssBefore)} → ${mb(rssPeak)} (+${mb(growth)})`],
          [
            'GET /api/status during reports: median / max',
            `${median(statusMs).toFixed(1)} / ${Math.max(...statusMs).toFixed(1)} ms (${statusMs.length} answers)`,
          ],
          ...(failed ? [['failed', JSON.stringify(failed.error)] as [string, string]] : []),
        ],
        target: {
          text: `≤ ${TARGETS.ms} ms and ≤ +${mb(TARGETS.rssGrowthBytes)} RSS`,
          met: !failed && best(reportMs) <= TARGETS.ms && growth <= TARGETS.rssGrowthBytes,
        },
      },
    ];
  } finally {
    await dashboard?.stop();
    await simulator.stop();
    await indexer.stop();
  }
}
