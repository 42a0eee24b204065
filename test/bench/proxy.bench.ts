/**
 * What `POST /api/request` adds to a managed-API call. The simulator and the dashboard each run in a
 * child process; this process only generates load.
 * (a) At a fixed 1,000 requests/s of `GET /agents?limit=10`: p50 and p99 directly and through the
 *     dashboard, and the difference (target: added p99 ≤ 3 ms).
 * (b) At saturation (autocannon, 32 connections): requests/s directly and through the dashboard.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import {
  dashboardSession,
  simulatorToken,
  spawnDashboard,
  spawnSimulator,
} from '../integration/main/processes';
import { ADMIN_USER } from '../../simulator/users';
import type { BenchResult } from './run';

export const name = 'Main plugin: managed-API proxy (/api/request)';

const RATE = 1_000;
const FIXED_RATE_MS = 12_000;
const ROUNDS = 3;
const WARM_UP_MS = 3_000;
const SATURATION_SECONDS = 10;
const TARGET_ADDED_P99_MS = 3;
/** Keep-alive connections of the fixed-rate load, as a browser fleet behind a proxy would hold. */
const CONNECTIONS = 64;

interface Target {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

interface FixedRateRun {
  latencies: Float64Array;
  errors: number;
  elapsedMs: number;
}

interface FixedRateResult {
  p50: number;
  p99: number;
  errors: number;
  achievedRate: number;
}

function percentile(sorted: Float64Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

/**
 * Open-loop load at a fixed rate with sub-millisecond latencies. Hand-written because autocannon
 * records latencies in whole milliseconds, too coarse for a 3 ms budget. A request's latency counts
 * from the moment it was due, so time spent waiting for one of the pooled connections is included.
 */
function fixedRate(target: Target, rate: number, durationMs: number): Promise<FixedRateRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const total = Math.round((rate * durationMs) / 1000);
  const latencies = new Float64Array(total);
  let done = 0;
  let errors = 0;
  const started = performance.now();
  return new Promise((resolve) => {
    const finish = (): void => {
      agent.destroy();
      resolve({ latencies, errors, elapsedMs: performance.now() - started });
    };
    const send = (index: number): void => {
      const sentAt = started + (index * 1000) / rate;
      const request = http.request(
        target.url,
        { method: target.method, headers: target.headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies[index] = performance.now() - sentAt;
            if (response.statusCode !== 200) errors += 1;
            if (++done === total) finish();
          });
        },
      );
      request.on('error', () => {
        latencies[index] = performance.now() - sentAt;
        errors += 1;
        if (++done === total) finish();
      });
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

/** Rounds alternate between the targets, so a busy moment of the shared machine hits both alike. */
async function interleaved(
  targets: Target[],
  rounds: number,
  roundMs: number,
): Promise<FixedRateResult[]> {
  const runs: FixedRateRun[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, target] of targets.entries())
      runs[index].push(await fixedRate(target, RATE, roundMs));
  }
  return runs.map((list) => {
    const all = new Float64Array(list.reduce((sum, run) => sum + run.latencies.length, 0));
    let at = 0;
    for (const run of list) {
      all.set(run.latencies, at);
      at += run.latencies.length;
    }
    all.sort();
    const elapsedMs = list.reduce((sum, run) => sum + run.elapsedMs, 0);
    return {
      p50: percentile(all, 0.5),
      p99: percentile(all, 0.99),
      errors: list.reduce((sum, run) => sum + run.errors, 0),
      achievedRate: (all.length / elapsedMs) * 1000,
    };
  });
}

async function saturation(target: Target): Promise<{ requestsPerSecond: number; errors: number }> {
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: 32,
    duration: SATURATION_SECONDS,
  });
  return { requestsPerSecond: result.requests.average, errors: result.errors + result.non2xx };
}

const ms = (value: number): string => `${value.toFixed(2)} ms`;

export async function run(): Promise<BenchResult[]> {
  const simulator = await spawnSimulator({ agents: 50 });
  const dashboard = await spawnDashboard({
    hosts: [
      {
        id: 'bench',
        url: 'http://127.0.0.1',
        port: simulator.port,
        username: ADMIN_USER.username,
        password: ADMIN_USER.password,
        run_as: false,
      },
    ],
  }).catch(async (error: unknown) => {
    await simulator.stop();
    throw error;
  });
  try {
    const direct: Target = {
      url: `${simulator.url}/agents?limit=10`,
      method: 'GET',
      headers: { authorization: `Bearer ${await simulatorToken(simulator, ADMIN_USER)}` },
    };
    const proxied: Target = {
      url: `${dashboard.url}/api/request`,
      method: 'POST',
      headers: {
        cookie: await dashboardSession(dashboard),
        'osd-xsrf': 'bench',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ id: 'bench', method: 'GET', path: '/agents?limit=10' }),
    };
    // The dashboard's cheapest authenticated route at the same rate: what the host framework and
    // the shared machine alone do to the tail, for reading the proxy's figures.
    const dashboardNoOp: Target = {
      url: `${dashboard.url}/api/v1/auth/authinfo`,
      method: 'GET',
      headers: { cookie: proxied.headers.cookie },
    };
    await fixedRate(direct, RATE / 2, WARM_UP_MS);
    await fixedRate(proxied, RATE / 2, WARM_UP_MS);
    const [directLatency, proxiedLatency, noOpLatency] = await interleaved(
      [direct, proxied, dashboardNoOp],
      ROUNDS,
      FIXED_RATE_MS / ROUNDS,
    );
    const addedP99 = proxiedLatency.p99 - directLatency.p99;
    const directMax = await saturation(direct);
    const proxiedMax = await saturation(proxied);
    return [
      {
        title: `GET /agents?limit=10 at a fixed ${RATE} requests/s, ${FIXED_RATE_MS / 1000} s each in ${ROUNDS} alternating rounds: directly vs through /api/request`,
        figures: [
          ['direct p50 / p99', `${ms(directLatency.p50)} / ${ms(directLatency.p99)}`],
          [
            'through the dashboard p50 / p99',
            `${ms(proxiedLatency.p50)} / ${ms(proxiedLatency.p99)}`,
          ],
          ['added p50 / p99', `${ms(proxiedLatency.p50 - directLatency.p50)} / ${ms(addedP99)}`],
          [
            'achieved rate direct / proxied',
            `${directLatency.achievedRate.toFixed(0)} / ${proxiedLatency.achievedRate.toFixed(0)} requests/s`,
          ],
          ['errors direct / proxied', `${directLatency.errors} / ${proxiedLatency.errors}`],
          [
            'for reference: dashboard no-op route p50 / p99',
            `${ms(noOpLatency.p50)} / ${ms(noOpLatency.p99)} (GET /api/v1/auth/authinfo)`,
          ],
        ],
        target: {
          text: `added p99 ≤ ${TARGET_ADDED_P99_MS} ms, no errors`,
          met:
            addedP99 <= TARGET_ADDED_P99_MS && directLatency.errors + proxiedLatency.errors === 0,
        },
      },
      {
        title: `GET /agents?limit=10 at saturation (32 connections, ${SATURATION_SECONDS} s each): directly vs through /api/request`,
        figures: [
          [
            'direct',
            `${directMax.requestsPerSecond.toFixed(0)} requests/s (${directMax.errors} errors)`,
          ],
          [
            'through the dashboard',
            `${proxiedMax.requestsPerSecond.toFixed(0)} requests/s (${proxiedMax.errors} errors)`,
          ],
          [
            'ratio proxied / direct',
            (proxiedMax.requestsPerSecond / directMax.requestsPerSecond).toFixed(2),
          ],
          ['note', 'load generator, simulator and dashboard share the 2 cores'],
        ],
      },
    ];
  } finally {
    await dashboard.stop();
    await simulator.stop();
  }
}
