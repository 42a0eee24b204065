/**
 * CSV export of agents through `POST /api/csv`, with the simulator and the dashboard each in a child
 * process:
 * - 1,000,000 agents: rows per second, time to the first byte, and how much the dashboard's resident
 *   memory grows while it streams (sampled from /proc). Targets: ≥ 50,000 rows/s, first byte ≤ 1 s,
 *   RSS growth ≤ 200 MB (the reference product stops at 10,000 rows held in memory);
 * - 200,000 agents side by side with a 20-line pager on the same simulator (log in, page through
 *   `/agents` with the export's page size, write the same 19 columns joined by commas, no quoting or
 *   cleaning): what the export costs against the simplest script that does the same. Target: the
 *   export at ≥ 1.5× the pager's rows/s (it asks for the next page as soon as the answer before it
 *   begins, so the simulator prepares it while the dashboard reads and writes).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  dashboardSession,
  spawnDashboard,
  spawnSimulator,
  type ChildDashboard,
} from '../integration/main/processes';
import { AGENT_CSV_COLUMNS } from '../../plugins/main/common/csv-columns';
import { ADMIN_USER } from '../../simulator/users';
import type { BenchResult } from './run';
import { csvExportTarget, downloadCsv, mb, type CsvDownload } from './support';

export const name = 'Main plugin: CSV export';

const AGENTS = 1_000_000;
const RSS_SAMPLE_MS = 50;
const TARGETS = { rowsPerSecond: 50_000, firstByteMs: 1_000, rssGrowthBytes: 200 * 1024 * 1024 };
const SIDE_BY_SIDE_AGENTS = 200_000;
/** Rounds of pager then export; the best of each is compared, the least disturbed by the machine. */
const SIDE_BY_SIDE_ROUNDS = 3;
/** The dashboard's default `svc.csv.pageSize`, so both ask the simulator for the same pages. */
const PAGE_SIZE = 5_000;
const TARGET_RATIO = 1.5;

/** The agents' export, as the list's CSV button asks for it. */
const downloadAgents = (dashboard: ChildDashboard, cookie: string) =>
  downloadCsv(`${dashboard.url}/api/csv`, cookie, { id: 'bench', path: '/agents' });

/** The comparator: the simplest script that writes the same CSV, one page after another. */
async function pager(simulatorUrl: string): Promise<{ rows: number; totalMs: number }> {
  const basic = Buffer.from(`${ADMIN_USER.username}:${ADMIN_USER.password}`).toString('base64');
  const started = performance.now();
  const login = await fetch(`${simulatorUrl}/security/user/authenticate`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const cell = (item: Record<string, unknown>, column: string): string => {
    const value = column.split('.').reduce<unknown>((at, key) => (at as never)?.[key], item);
    return value === undefined || value === null ? '' : String(value);
  };
  let rows = 0;
  let bytes = 0;
  for (let offset = 0, total = Infinity; offset < total;) {
    const page = await fetch(`${simulatorUrl}/agents?offset=${offset}&limit=${PAGE_SIZE}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await page.json()) as {
      data: { affected_items: Array<Record<string, unknown>>; total_affected_items: number };
    };
    total = data.total_affected_items;
    for (const item of data.affected_items)
      bytes += AGENT_CSV_COLUMNS.map((column) => cell(item, column)).join(',').length + 1;
    rows += data.affected_items.length;
    offset += data.affected_items.length || total;
  }
  return { rows: bytes > 0 ? rows : 0, totalMs: performance.now() - started };
}

async function sideBySide(): Promise<BenchResult> {
  const simulator = await spawnSimulator({ agents: SIDE_BY_SIDE_AGENTS });
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
    csv: { maxRows: 0, pageSize: PAGE_SIZE },
  }).catch(async (error: unknown) => {
    await simulator.stop();
    throw error;
  });
  try {
    const cookie = await dashboardSession(dashboard);
    const exports: CsvDownload[] = [];
    const pagers: Array<{ rows: number; totalMs: number }> = [];
    const rowsEach = SIDE_BY_SIDE_AGENTS + 1;
    const cpu = { dashboard: 0, pager: 0, simulatorForExport: 0, simulatorForPager: 0 };
    for (let round = 0; round < SIDE_BY_SIDE_ROUNDS; round += 1) {
      let simulatorBefore = cpuSeconds(simulator.pid);
      const pagerBefore = process.cpuUsage();
      pagers.push(await pager(simulator.url));
      const pagerUsed = process.cpuUsage(pagerBefore);
      cpu.pager += (pagerUsed.user + pagerUsed.system) / 1e6;
      cpu.simulatorForPager += cpuSeconds(simulator.pid) - simulatorBefore;
      const before = cpuSeconds(dashboard.pid);
      simulatorBefore = cpuSeconds(simulator.pid);
      exports.push(await downloadAgents(dashboard, cookie));
      cpu.dashboard += cpuSeconds(dashboard.pid) - before;
      cpu.simulatorForExport += cpuSeconds(simulator.pid) - simulatorBefore;
    }
    const perRow = (seconds: number): string =>
      `${((seconds / (rowsEach * SIDE_BY_SIDE_ROUNDS)) * 1e6).toFixed(1)} µs`;
    const rate = (rows: number, ms: number): number => (rows / ms) * 1000;
    const best = exports.reduce((a, b) => (b.totalMs < a.totalMs ? b : a));
    const bestPager = pagers.reduce((a, b) => (b.totalMs < a.totalMs ? b : a));
    const exportRate = rate(best.newlines, best.totalMs);
    const pagerRate = rate(bestPager.rows, bestPager.totalMs);
    const ratio = exportRate / pagerRate;
    // Newlines: the header's and every row's but the last, so one per item.
    const whole = exports.every((run) => run.complete && run.newlines === rowsEach);
    const firstBytes = exports.map((run) => run.firstByteMs.toFixed(0)).join(' / ');
    return {
      title: `CSV export of ${SIDE_BY_SIDE_AGENTS.toLocaleString('en')} agents (19 columns) beside a 20-line pager on the same simulator, best of ${SIDE_BY_SIDE_ROUNDS}`,
      figures: [
        ['export rows/s', exportRate.toFixed(0)],
        ['pager rows/s', pagerRate.toFixed(0)],
        ['export ÷ pager', ratio.toFixed(2)],
        [
          // What the ratio is on two idle cores: the pager waits for each page, the export overlaps
          // its own work with the simulator's. A busy machine shares its cores and pulls it to 1.
          'export ÷ pager from CPU per row, (pager + simulator) ÷ max(dashboard, simulator)',
          (
            (cpu.pager + cpu.simulatorForPager) /
            Math.max(cpu.dashboard, cpu.simulatorForExport)
          ).toFixed(2),
        ],
        ['load average while measured (1 min)', loadavg()[0].toFixed(1)],
        ['time to first byte, each round', `${firstBytes} ms`],
        ['CPU per row: dashboard / pager', `${perRow(cpu.dashboard)} / ${perRow(cpu.pager)}`],
        [
          'simulator CPU per row: for the export / for the pager',
          `${perRow(cpu.simulatorForExport)} / ${perRow(cpu.simulatorForPager)}`,
        ],
        ['every file whole', whole ? 'yes' : 'no'],
      ],
      target: {
        text: `every file whole, export ≥ ${TARGET_RATIO}× the pager's rows/s`,
        met: whole && ratio >= TARGET_RATIO && bestPager.rows === rowsEach,
      },
    };
  } finally {
    await dashboard.stop();
    await simulator.stop();
  }
}

/** CPU time (user + system) a process has used so far, in seconds (Linux clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function run(): Promise<BenchResult[]> {
  const sideBySideResult = await sideBySide();
  if (process.env.CSV_SIDE_BY_SIDE_ONLY === '1') return [sideBySideResult];
  return [sideBySideResult, ...(await millionAgents())];
}

async function millionAgents(): Promise<BenchResult[]> {
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
    csv: { maxRows: 0 },
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
    const result = await downloadAgents(dashboard, cookie).finally(() => clearInterval(sampler));
    peak = Math.max(peak, dashboard.rss());
    const cpu = {
      dashboard: cpuSeconds(dashboard.pid) - cpuBefore.dashboard,
      simulator: cpuSeconds(simulator.pid) - cpuBefore.simulator,
    };
    // The header and every row but the last end with a newline: newlines = data rows.
    const dataRows = result.newlines;
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
        target: csvExportTarget(TARGETS, {
          whole: wholeFile,
          rowsPerSecond,
          firstByteMs: result.firstByteMs,
          growth,
        }),
      },
    ];
  } finally {
    await dashboard.stop();
    await simulator.stop();
  }
}
