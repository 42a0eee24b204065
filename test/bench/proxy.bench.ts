/**
 * What `POST /api/request` costs, side by side in one run against these servers, each in its own
 * process: the simulator called directly, a minimal Node proxy (`minimal-proxy.ts`, the comparator:
 * cookie check, bearer token, keep-alive agent, status and body piped) and the dashboard. For a
 * 10-agent answer (a few kB) and a 500-agent answer (a few hundred kB):
 * (a) saturation requests/s of each and the ratio dashboard ÷ minimal (target ≥ 0.8), and the CPU
 *     each process spends per request (target: dashboard ≤ 1.3× minimal); also of a second dashboard
 *     whose per-request limits are configured as loose as they go (`RELAXED_SVC`, `RELAXED_HOST`),
 *     and the ratio dashboard ÷ that one (target ≥ 0.95: the limits cost at most 5%);
 * (b) p50/p99 added to the direct call at a steady rate (500 requests/s for 10 agents, target added
 *     p99 ≤ 1.5 ms; 250 requests/s for 500 agents, target ≤ 3 ms).
 * The minimal proxy also runs on undici's Pool, to compare the two upstream clients under one job,
 * and as a Fastify route, to tell what the framework costs from what the dashboard does on it.
 * The dashboard runs from its build, as `npm start` runs it (built first where the sources changed).
 * Rounds alternate between the servers, so a busy moment of the shared machine hits all alike; each
 * figure is the median of the rounds. No request asks for compression (`Accept-Encoding`).
 * `PROXY_BENCH_SECONDS` sets the length of one measurement (default 5 s). `PROXY_BENCH_BASELINE`
 * names another checkout of the dashboard (an earlier commit, its own `npm ci` done): it then runs
 * too, from its sources, in the same rounds, and the dashboard is compared with it (before/after in
 * one run).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import {
  buildIfStale,
  dashboardSession,
  simulatorToken,
  spawnDashboard,
  spawnServer,
  spawnSimulator,
  type ChildServer,
} from '../integration/main/processes';
import { ADMIN_USER } from '../../simulator/users';
import type { BenchResult } from './run';

export const name = 'Main plugin: managed-API proxy (/api/request)';

const ROUNDS = 3;
const ROUND_MS = Number(process.env.PROXY_BENCH_SECONDS ?? 5) * 1000;
const WARM_UP_MS = 2_000;
const SATURATION_CONNECTIONS = 32;
/** Keep-alive connections of the steady load, as a browser fleet behind a proxy would hold. */
const STEADY_CONNECTIONS = 64;
const TARGET_RATIO = 0.8;
const TARGET_CPU_FACTOR = 1.3;
const TARGET_CHECKS_RATIO = 0.95;
const BASELINE_CHECKOUT = process.env.PROXY_BENCH_BASELINE;

/**
 * The host entry both dashboards proxy to, and the per-user limit both run with: checked on every
 * call, never reached, since saturation is what is measured.
 */
const PER_USER_LIMIT = { requestsPerUserPerSecond: 1_000_000_000 };
/**
 * The relaxed dashboard: every per-request limit that has a configuration key at the loosest value it
 * accepts. The checks' code still runs (nothing in the product skips it): what the ratio shows is what
 * the limits' bookkeeping costs at these settings, next to the defaults.
 */
const RELAXED_SVC = {
  api: {
    ...PER_USER_LIMIT,
    timeoutMs: 3_600_000,
    maxResponseBytes: Number.MAX_SAFE_INTEGER,
    maxBufferedResponseBytes: Number.MAX_SAFE_INTEGER,
    maxSocketsPerHost: 1024,
  },
};
const RELAXED_HOST = {
  server: {
    maxPayloadBytes: Number.MAX_SAFE_INTEGER,
    maxBodyDepth: Number.MAX_SAFE_INTEGER,
    maxBodyValues: Number.MAX_SAFE_INTEGER,
  },
};

interface AnswerSize {
  label: string;
  path: string;
  steadyRate: number;
  targetAddedP99Ms: number;
}

const SIZES: AnswerSize[] = [
  { label: '10 agents', path: '/agents?limit=10', steadyRate: 500, targetAddedP99Ms: 1.5 },
  { label: '500 agents', path: '/agents?limit=500', steadyRate: 250, targetAddedP99Ms: 3 },
];

interface Target {
  label: string;
  server: ChildServer;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

interface Saturation {
  requestsPerSecond: number;
  cpuMicrosPerRequest: number;
  errors: number;
  bytesPerAnswer: number;
}

interface Latency {
  p50: number;
  p99: number;
  errors: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function percentile(sorted: Float64Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

/**
 * Open-loop load at a fixed rate with sub-millisecond latencies. Hand-written because autocannon
 * records latencies in whole milliseconds, too coarse for a 1.5 ms budget. A request's latency counts
 * from the moment it was due, so time spent waiting for one of the pooled connections is included.
 */
function steadyLoad(target: Target, rate: number, durationMs: number): Promise<Latency> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: STEADY_CONNECTIONS });
  const total = Math.round((rate * durationMs) / 1000);
  const latencies = new Float64Array(total);
  let done = 0;
  let errors = 0;
  const started = performance.now();
  return new Promise((resolve) => {
    const finish = (): void => {
      agent.destroy();
      latencies.sort();
      resolve({ p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), errors });
    };
    const settle = (index: number, failed: boolean): void => {
      latencies[index] = performance.now() - (started + (index * 1000) / rate);
      if (failed) errors += 1;
      if (++done === total) finish();
    };
    const send = (index: number): void => {
      let settled = false;
      const settleOnce = (failed: boolean): void => {
        if (settled) return;
        settled = true;
        settle(index, failed);
      };
      const request = http.request(
        target.url,
        { method: target.method, headers: target.headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => settleOnce(response.statusCode !== 200));
          response.on('error', () => settleOnce(true));
        },
      );
      request.on('error', () => settleOnce(true));
      // An answer aborted mid-body (the proxy's deadline or size cap) may close without 'end' or 'error'.
      request.on('close', () => settleOnce(true));
      request.end(target.body);
    };
    let next = 0;
    const tick = (): void => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      while (next < due) send(next++);
      if (next < total) setTimeout(tick, 1);
    };
    tick();
  });
}

async function saturate(target: Target, durationMs: number): Promise<Saturation> {
  const cpuBefore = target.server.cpuMicros();
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: SATURATION_CONNECTIONS,
    duration: durationMs / 1000,
  });
  const cpu = target.server.cpuMicros() - cpuBefore;
  const answered = Math.max(1, result.requests.total);
  return {
    requestsPerSecond: result.requests.average,
    cpuMicrosPerRequest: cpu / answered,
    errors: result.errors + result.non2xx,
    bytesPerAnswer: result.throughput.total / answered,
  };
}

/** Runs `measure` on every target in each round, alternating; returns per target the list of rounds. */
async function interleaved<T>(
  targets: Target[],
  measure: (target: Target) => Promise<T>,
): Promise<T[][]> {
  const rounds: T[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1)
    for (const [index, target] of targets.entries()) rounds[index].push(await measure(target));
  return rounds;
}

const ms = (value: number): string => `${value.toFixed(2)} ms`;
const perSecond = (value: number): string => `${value.toFixed(0)} requests/s`;
const micros = (value: number): string => `${value.toFixed(0)} µs`;

/**
 * Order of the saturation targets: direct, minimal proxy on node:http, on undici, as a Fastify route,
 * dashboard, dashboard with its limits relaxed, baseline.
 */
const [MINIMAL, MINIMAL_UNDICI, MINIMAL_FASTIFY, DASHBOARD, RELAXED, BASELINE] = [1, 2, 3, 4, 5, 6];

function saturationResult(size: AnswerSize, targets: Target[], runs: Saturation[][]): BenchResult {
  const rate = runs.map((list) => median(list.map((run) => run.requestsPerSecond)));
  const cpu = runs.map((list) => median(list.map((run) => run.cpuMicrosPerRequest)));
  const errors = runs.map((list) => list.reduce((sum, run) => sum + run.errors, 0));
  const ratio = rate[DASHBOARD] / rate[MINIMAL];
  const cpuFactor = cpu[DASHBOARD] / cpu[MINIMAL];
  const checksRatio = rate[DASHBOARD] / rate[RELAXED];
  return {
    title: `${size.label} (GET ${size.path}, ${(runs[0][0].bytesPerAnswer / 1024).toFixed(0)} kB an answer) at saturation: ${SATURATION_CONNECTIONS} connections, ${ROUND_MS / 1000} s, median of ${ROUNDS} alternating rounds`,
    figures: [
      ...targets.map((target, index): [string, string] => [
        target.label,
        `${perSecond(rate[index])}, ${micros(cpu[index])} CPU a request (${errors[index]} errors)`,
      ]),
      ['dashboard ÷ minimal proxy, requests/s', ratio.toFixed(2)],
      ['dashboard ÷ minimal proxy, CPU a request', cpuFactor.toFixed(2)],
      [
        'minimal proxy on undici ÷ on node:http, requests/s',
        (rate[MINIMAL_UNDICI] / rate[MINIMAL]).toFixed(2),
      ],
      [
        'dashboard ÷ minimal proxy as a Fastify route, requests/s',
        (rate[DASHBOARD] / rate[MINIMAL_FASTIFY]).toFixed(2),
      ],
      [
        'dashboard ÷ minimal proxy as a Fastify route, CPU a request',
        (cpu[DASHBOARD] / cpu[MINIMAL_FASTIFY]).toFixed(2),
      ],
      ['dashboard ÷ dashboard with limits relaxed, requests/s', checksRatio.toFixed(2)],
      [
        'dashboard ÷ dashboard with limits relaxed, CPU a request',
        (cpu[DASHBOARD] / cpu[RELAXED]).toFixed(2),
      ],
      ...(runs[BASELINE]
        ? ([
            [
              'dashboard ÷ baseline dashboard, requests/s',
              (rate[DASHBOARD] / rate[BASELINE]).toFixed(2),
            ],
            [
              'dashboard ÷ baseline dashboard, CPU a request',
              (cpu[DASHBOARD] / cpu[BASELINE]).toFixed(2),
            ],
          ] as Array<[string, string]>)
        : []),
      ['note', 'load generator and servers share the machine; ratios are what count'],
    ],
    target: {
      text: `dashboard ≥ ${TARGET_RATIO}× the minimal proxy's requests/s and ≤ ${TARGET_CPU_FACTOR}× its CPU a request, ≥ ${TARGET_CHECKS_RATIO}× the relaxed dashboard's requests/s, no errors`,
      met:
        ratio >= TARGET_RATIO &&
        cpuFactor <= TARGET_CPU_FACTOR &&
        checksRatio >= TARGET_CHECKS_RATIO &&
        errors.every((count) => count === 0),
    },
  };
}

function latencyResult(size: AnswerSize, targets: Target[], runs: Latency[][]): BenchResult {
  const [direct, minimal, dashboard, baseline] = runs;
  const added = (list: Latency[], pick: (run: Latency) => number): number =>
    median(list.map((run, round) => pick(run) - pick(direct[round])));
  const addedP99 = added(dashboard, (run) => run.p99);
  const errors = runs.flat().reduce((sum, run) => sum + run.errors, 0);
  return {
    title: `${size.label} at a steady ${size.steadyRate} requests/s, ${ROUND_MS / 1000} s, median of ${ROUNDS} alternating rounds`,
    figures: [
      ...targets.map((target, index): [string, string] => [
        `${target.label} p50 / p99`,
        `${ms(median(runs[index].map((run) => run.p50)))} / ${ms(median(runs[index].map((run) => run.p99)))}`,
      ]),
      [
        'added by the minimal proxy p50 / p99',
        `${ms(added(minimal, (run) => run.p50))} / ${ms(added(minimal, (run) => run.p99))}`,
      ],
      [
        'added by the dashboard p50 / p99',
        `${ms(added(dashboard, (run) => run.p50))} / ${ms(addedP99)}`,
      ],
      ...(baseline
        ? ([
            [
              'added by the baseline dashboard p50 / p99',
              `${ms(added(baseline, (run) => run.p50))} / ${ms(added(baseline, (run) => run.p99))}`,
            ],
          ] as Array<[string, string]>)
        : []),
      ['errors', String(errors)],
    ],
    target: {
      text: `dashboard adds ≤ ${size.targetAddedP99Ms} ms to the p99, no errors`,
      met: addedP99 <= size.targetAddedP99Ms && errors === 0,
    },
  };
}

export async function run(): Promise<BenchResult[]> {
  const servers: ChildServer[] = [];
  const started = <T extends ChildServer>(server: T): T => {
    servers.push(server);
    return server;
  };
  try {
    buildIfStale();
    const simulator = started(await spawnSimulator({ agents: 500 }));
    const hosts = [
      {
        id: 'bench',
        url: 'http://127.0.0.1',
        port: simulator.port,
        username: ADMIN_USER.username,
        password: ADMIN_USER.password,
        run_as: false,
      },
    ];
    const dashboard = started(
      await spawnDashboard({ hosts, api: PER_USER_LIMIT }, { compiled: true }),
    );
    const relaxed = started(
      await spawnDashboard({ hosts, ...RELAXED_SVC }, { hostConfig: RELAXED_HOST, compiled: true }),
    );
    const baseline =
      BASELINE_CHECKOUT === undefined
        ? undefined
        : started(await spawnDashboard({ hosts }, { repo: BASELINE_CHECKOUT }));
    const token = await simulatorToken(simulator, ADMIN_USER);
    const cookie = await dashboardSession(dashboard);
    const relaxedCookie = await dashboardSession(relaxed);
    const baselineCookie = baseline && (await dashboardSession(baseline));
    const minimalProxy = (client: string): Promise<ChildServer> =>
      spawnServer('test/bench/minimal-proxy.ts', {
        UPSTREAM: simulator.url,
        TOKEN: token,
        COOKIE: cookie,
        CLIENT: client,
      });
    const minimalHttp = started(await minimalProxy('http'));
    const minimalUndici = started(await minimalProxy('undici'));
    const minimalFastify = started(await minimalProxy('fastify'));
    const proxied = (
      label: string,
      server: ChildServer,
      path: string,
      body: object,
      session = cookie,
    ): Target => ({
      label,
      server,
      url: `${server.url}/api/request`,
      method: 'POST',
      headers: { cookie: session, 'osd-xsrf': 'bench', 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, path }),
    });
    const results: BenchResult[] = [];
    for (const size of SIZES) {
      const direct: Target = {
        label: 'simulator directly',
        server: simulator,
        url: `${simulator.url}${size.path}`,
        method: 'GET',
        headers: { authorization: `Bearer ${token}` },
      };
      const minimal = proxied('minimal proxy (node:http)', minimalHttp, size.path, {});
      const undici = proxied('minimal proxy (undici Pool)', minimalUndici, size.path, {});
      const onFastify = proxied('minimal proxy (Fastify route)', minimalFastify, size.path, {});
      const throughDashboard = proxied('dashboard', dashboard, size.path, {
        id: 'bench',
        method: 'GET',
      });
      const throughRelaxed = proxied(
        'dashboard, limits relaxed',
        relaxed,
        size.path,
        { id: 'bench', method: 'GET' },
        relaxedCookie,
      );
      const throughBaseline =
        baseline &&
        proxied(
          'baseline dashboard',
          baseline,
          size.path,
          { id: 'bench', method: 'GET' },
          baselineCookie,
        );
      const compared = throughBaseline ? [throughBaseline] : [];
      const steadyTargets = [direct, minimal, throughDashboard, ...compared];
      for (const target of steadyTargets) await steadyLoad(target, size.steadyRate, WARM_UP_MS);
      const latencies = await interleaved(steadyTargets, (target) =>
        steadyLoad(target, size.steadyRate, ROUND_MS),
      );
      results.push(latencyResult(size, steadyTargets, latencies));
      // The relaxed dashboard has not served the steady load: both dashboards warm up alike first.
      for (const target of [throughDashboard, throughRelaxed]) await saturate(target, WARM_UP_MS);
      const saturationTargets = [
        direct,
        minimal,
        undici,
        onFastify,
        throughDashboard,
        throughRelaxed,
        ...compared,
      ];
      const saturations = await interleaved(saturationTargets, (target) =>
        saturate(target, ROUND_MS),
      );
      results.push(saturationResult(size, saturationTargets, saturations));
    }
    return results;
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}
