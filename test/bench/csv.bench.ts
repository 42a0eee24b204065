/**
 * CSV export of 1,000,000 agents through `POST /api/csv`, with the simulator and the dashboard each in
 * a child process: rows per second, time to the first byte, and how much the dashboard's resident
 * memory grows while it streams (sampled from /proc). Targets: ≥ 50,000 rows/s, first byte ≤ 1 s,
 * RSS growth ≤ 200 MB (the reference product stops at 10,000 rows held in memory).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  dashboardSession,
  spawnDashboard,
  spawnSimulator,
  type ChildDashboard,
} from '../integration/main/processes';
import { ADMIN_USER } from '../../simulator/users';
import type { BenchResult } from './run';

export const name = 'Main plugin: CSV export';

const AGENTS = 1_000_000;
const RSS_SAMPLE_MS = 50;
const TARGETS = { rowsPerSecond: 50_000, firstByteMs: 1_000, rssGrowthBytes: 200 * 1024 * 1024 };

interface ExportRun {
  status: number;
  firstByteMs: number;
  totalMs: number;
  rows: number;
  bytes: number;
  complete: boolean;
}

/** Downloads the export, counting lines as they stream instead of keeping the file. */
function download(dashboard: ChildDashboard, cookie: string): Promise<ExportRun> {
  const started = performance.now();
  let firstByteMs = -1;
  let newlines = 0;
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${dashboard.url}/api/csv`,
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
            rows: newlines,
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
    request.end(JSON.stringify({ id: 'bench', path: '/agents' }));
  });
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** CPU time (user + system) a process has used so far, in seconds (Linux clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function run(): Promise<BenchResult[]> {
  const simulator = await spawnSimulator({ agents: AGENTS });
  const dashboard = await spawnDashboard({
    hosts: [
      {
        id: 'bench',
        url: 'http://127.0.0.1',
        port: simulator.port,
        username: ADMIN_USER.username,
        password: ADMIN_USER.password,
      },
    ],
    csv: { max_rows: 0 },
  }).catch(async (error: unknown) => {
    await simulator.stop();
    throw error;
  });
  try {
    const cookie = await dashboardSession(dashboard);
    const baseline = dashboard.rss();
    const cpuBefore = {
      dashboard: cpuSeconds(dashboard.pid),
      simulator: cpuSeconds(simulator.pid),
    };
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, dashboard.rss());
    }, RSS_SAMPLE_MS);
    const result = await download(dashboard, cookie).finally(() => clearInterval(sampler));
    peak = Math.max(peak, dashboard.rss());
    const cpu = {
      dashboard: cpuSeconds(dashboard.pid) - cpuBefore.dashboard,
      simulator: cpuSeconds(simulator.pid) - cpuBefore.simulator,
    };
    // The header and every row but the last end with a newline: newlines = data rows.
    const dataRows = result.rows;
    const rowsPerSecond = (dataRows / result.totalMs) * 1000;
    const growth = peak - baseline;
    const wholeFile = result.status === 200 && result.complete && dataRows === AGENTS + 1;
    return [
      {
        title: `CSV export of ${AGENTS.toLocaleString('en')} agents (plus the manager) through POST /api/csv`,
        figures: [
          ['status / complete', `${result.status} / ${result.complete ? 'yes' : 'no'}`],
          ['rows written', dataRows.toLocaleString('en')],
          ['file size', mb(result.bytes)],
          ['total time', `${(result.totalMs / 1000).toFixed(1)} s`],
          ['rows/s', rowsPerSecond.toFixed(0)],
          // Shows where the time went when the machine is shared: CPU each process used for the export.
          [
            'CPU used: dashboard / simulator',
            `${cpu.dashboard.toFixed(1)} s / ${cpu.simulator.toFixed(1)} s`,
          ],
          ['rows per dashboard CPU second', (dataRows / cpu.dashboard).toFixed(0)],
          ['time to first byte', `${result.firstByteMs.toFixed(0)} ms`],
          ['dashboard RSS before / peak', `${mb(baseline)} / ${mb(peak)}`],
          ['RSS growth', mb(growth)],
        ],
        target: {
          text: `whole file, ≥ ${TARGETS.rowsPerSecond.toLocaleString('en')} rows/s, first byte ≤ ${TARGETS.firstByteMs} ms, RSS growth ≤ ${mb(TARGETS.rssGrowthBytes)}`,
          met:
            wholeFile &&
            rowsPerSecond >= TARGETS.rowsPerSecond &&
            result.firstByteMs <= TARGETS.firstByteMs &&
            growth <= TARGETS.rssGrowthBytes,
        },
      },
    ];
  } finally {
    await dashboard.stop();
    await simulator.stop();
  }
}
