/**
 * Soak: two dashboard instances (each its own process) on one fresh PostgreSQL database, behind a
 * round-robin "load balancer" in this process, with the managed-API simulator in a third process.
 * Mixed traffic — console proxy, update checks, preferences and dismissals, small CSV exports,
 * requests queued with a delay — for `SVC_SOAK_SECONDS` (60 by default). Reports requests/s, p50/p99,
 * errors (target 0) and each instance's memory after a forced GC at the start and at the end (target:
 * no growth beyond noise). The background jobs tick meanwhile: the simulator's counts show whether
 * each API host check round and each queued request ran once across the two instances.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stringify } from 'yaml';
import { createTestDatabase } from '../../host/server/saved-objects/postgres/test-support';
import { spawnSimulator } from '../integration/main/processes';
import { ADMIN_USER } from '../../simulator/users';
import type { BenchResult } from './run';

export const name = 'Soak: two instances on one PostgreSQL, mixed traffic';

const REPO = resolve(__dirname, '..', '..');
const SECONDS = Number(process.env.SVC_SOAK_SECONDS ?? 60);
const WARM_UP_MS = 5_000;
const CONCURRENCY = 8;
const ADMIN_PASSWORD = 'soak-admin-password';
/** Heap growth after GC under which the end figure counts as the start figure plus noise. */
const HEAP_NOISE_BYTES = 16 * 1024 * 1024;
/** API host checks every 5 s instead of every 5 minutes, so a soak sees a dozen rounds. */
const CHECK_EVERY_SECONDS = 5;
const QUEUE_DELAY_MS = 1_000;
const CHECK_ROUTE = 'GET /';
const RESTART_ROUTE = 'PUT /agents/{agent_id}/restart';
/**
 * Loaded into each instance (`--require`): on SIGUSR2 it runs a full GC and prints the process's
 * memory, so the figures are taken after collection rather than at a random point of the heap's cycle.
 */
const MEMORY_PROBE = `process.on('SIGUSR2', () => { global.gc(); process.stdout.write('SOAK_MEMORY ' + JSON.stringify(process.memoryUsage()) + '\\n'); });`;

interface Memory {
  rss: number;
  heapUsed: number;
}

interface Instance {
  url: string;
  child: ChildProcess;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

function startInstance(
  scratch: string,
  label: string,
  env: Record<string, string>,
  svcConfig: Record<string, unknown>,
  probe: string,
): Promise<Instance> {
  const configFile = join(scratch, `${label}.yml`);
  writeFileSync(configFile, stringify({ svc: svcConfig }), { mode: 0o600 });
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--require',
      probe,
      '--require',
      require.resolve('tsx/cjs'),
      join(REPO, 'host/server/cli.ts'),
    ],
    {
      cwd: scratch,
      env: {
        ...process.env,
        // tsx looks for tsconfig.json (and its import aliases) in the cwd, which is outside the repository.
        TSX_TSCONFIG_PATH: join(REPO, 'tsconfig.json'),
        SVC_HOST: '127.0.0.1',
        SVC_PORT: '0',
        SVC_DATA_DIR: join(scratch, label),
        SVC_CONFIG: configFile,
        SVC_ADMIN_PASSWORD: ADMIN_PASSWORD,
        SVC_DEMO: 'false',
        SVC_LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const waiters: Array<(memory: Memory) => void> = [];
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolveStart, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`instance ${label} exited with ${code}:\n${output}`)),
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const match of chunk.toString().matchAll(/SOAK_MEMORY (\{.*\})/g))
        waiters.shift()?.(JSON.parse(match[1]) as Memory);
      const running = output.match(/running at (http:\/\/[\d.]+:\d+)/);
      if (running && !output.includes('SOAK_STARTED')) {
        output += 'SOAK_STARTED';
        resolveStart({
          url: running[1],
          child,
          memory: () =>
            new Promise((resolveMemory) => {
              waiters.push(resolveMemory);
              child.kill('SIGUSR2');
            }),
          stop: () =>
            new Promise((resolveStop) => {
              if (child.exitCode !== null) return resolveStop();
              child.removeAllListeners('exit');
              child.once('exit', () => resolveStop());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
            }),
        });
      }
    });
  });
}

async function sessionCookie(instance: Instance): Promise<string> {
  const response = await fetch(`${instance.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'osd-xsrf': 'soak' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`login failed with ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

interface Operation {
  label: string;
  weight: number;
  request(counter: number): { method: string; path: string; body?: unknown };
}

/** The traffic mix, by weight. Dismissals cycle through 50 versions so the preferences stay small. */
const MIX: Operation[] = [
  {
    label: 'proxy GET /agents?limit=10',
    weight: 35,
    request: () => ({
      method: 'POST',
      path: '/api/request',
      body: { id: 'soak', method: 'GET', path: '/agents?limit=10' },
    }),
  },
  {
    label: 'updates GET',
    weight: 15,
    request: () => ({ method: 'GET', path: '/api/v1/svc-check-updates/updates?api_id=soak' }),
  },
  {
    label: 'preferences GET',
    weight: 15,
    request: () => ({ method: 'GET', path: '/api/v1/svc-check-updates/preferences' }),
  },
  {
    label: 'dismiss POST',
    weight: 15,
    request: (counter) => ({
      method: 'POST',
      path: '/api/v1/svc-check-updates/dismiss',
      body: { version: `5.${counter % 50}.0`, update_type: 'minor' },
    }),
  },
  {
    label: 'CSV export (50 agents)',
    weight: 15,
    request: () => ({
      method: 'POST',
      path: '/api/csv',
      body: { id: 'soak', path: '/agents', filters: [{ name: 'status', value: 'active' }] },
    }),
  },
  {
    label: `queued PUT /agents/001/restart (delay ${QUEUE_DELAY_MS / 1000} s)`,
    weight: 5,
    request: () => ({
      method: 'POST',
      path: '/api/request',
      body: {
        id: 'soak',
        method: 'PUT',
        path: '/agents/001/restart',
        body: { delay: QUEUE_DELAY_MS },
      },
    }),
  },
];
const QUEUED = MIX[MIX.length - 1];
const PLAN = MIX.flatMap((operation) => Array.from({ length: operation.weight }, () => operation));

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function simulatorCalls(simulatorUrl: string, route: string): Promise<number> {
  const response = await fetch(`${simulatorUrl}/__simulator/stats`);
  const stats = (await response.json()) as { byRoute: Record<string, number> };
  return stats.byRoute[route] ?? 0;
}

export async function run(): Promise<BenchResult[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-soak-'));
  const probe = join(scratch, 'memory-probe.js');
  writeFileSync(probe, MEMORY_PROBE);
  const database = await createTestDatabase();
  const simulator = await spawnSimulator({ agents: 50 });
  const instances: Instance[] = [];
  try {
    const host = {
      id: 'soak',
      url: 'http://127.0.0.1',
      port: Number(new URL(simulator.url).port),
      username: ADMIN_USER.username,
      password: ADMIN_USER.password,
    };
    const env = {
      SVC_SAVED_OBJECTS_URL: database.url,
      SVC_ENCRYPTION_KEY: 'soak-shared-encryption-key-0123456789',
    };
    instances.push(
      ...(await Promise.all(
        ['a', 'b'].map((label) =>
          startInstance(
            scratch,
            label,
            env,
            {
              hosts: [host],
              jobs: { apiCheckSchedule: `*/${CHECK_EVERY_SECONDS} * * * * *` },
            },
            probe,
          ),
        ),
      )),
    );
    // One session for both: a login on one instance is valid on the other.
    const cookie = await sessionCookie(instances[0]);

    let counter = 0;
    let queuedAccepted = 0;
    const latencies: number[] = [];
    const byOperation = new Map<string, number[]>();
    const errors = new Map<string, number>();
    const send = async (recording: boolean) => {
      const count = counter++;
      const operation = PLAN[count % PLAN.length];
      const instance = instances[count % instances.length];
      const { method, path, body } = operation.request(count);
      const started = performance.now();
      let failure: string | undefined;
      try {
        const response = await fetch(`${instance.url}${path}`, {
          method,
          headers: {
            cookie,
            'osd-xsrf': 'soak',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        await response.arrayBuffer();
        if (response.status !== 200) failure = `${operation.label}: ${response.status}`;
        else if (operation === QUEUED) queuedAccepted += 1;
      } catch (error) {
        failure = `${operation.label}: ${(error as Error).message}`;
      }
      if (!recording) return;
      const latency = performance.now() - started;
      latencies.push(latency);
      const own = byOperation.get(operation.label) ?? [];
      own.push(latency);
      byOperation.set(operation.label, own);
      if (failure) errors.set(failure, (errors.get(failure) ?? 0) + 1);
    };
    const drive = async (untilMs: number, recording: boolean) => {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < untilMs) await send(recording);
        }),
      );
    };

    await drive(performance.now() + WARM_UP_MS, false);
    const startMemory = await Promise.all(instances.map((instance) => instance.memory()));
    const checksBefore = await simulatorCalls(simulator.url, CHECK_ROUTE);
    const started = performance.now();
    await drive(started + SECONDS * 1000, true);
    const elapsedSeconds = (performance.now() - started) / 1000;
    const checkRounds = (await simulatorCalls(simulator.url, CHECK_ROUTE)) - checksBefore;
    // A settle period lets the last queued requests go out, and sockets and timers of the last
    // requests go, before the final measure.
    await new Promise((settle) => setTimeout(settle, QUEUE_DELAY_MS + 3_000));
    const restartsSent = await simulatorCalls(simulator.url, RESTART_ROUTE);
    const ticks = Math.floor(elapsedSeconds / CHECK_EVERY_SECONDS);
    const endMemory = await Promise.all(instances.map((instance) => instance.memory()));

    const sorted = [...latencies].sort((a, b) => a - b);
    const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
    const heapGrowth = endMemory.map((end, index) => end.heapUsed - startMemory[index].heapUsed);
    return [
      {
        title: `Mixed traffic for ${SECONDS} s, ${CONCURRENCY} concurrent clients, round-robin over two instances on one PostgreSQL`,
        figures: [
          ['requests', `${latencies.length}`],
          ['requests/s', (latencies.length / elapsedSeconds).toFixed(0)],
          ['p50', `${percentile(sorted, 0.5).toFixed(1)} ms`],
          ['p99', `${percentile(sorted, 0.99).toFixed(1)} ms`],
          [
            'errors',
            errorCount === 0
              ? '0'
              : `${errorCount} (${[...errors].map(([what, count]) => `${what} ×${count}`).join('; ')})`,
          ],
          ...MIX.map((operation): [string, string] => {
            const own = [...(byOperation.get(operation.label) ?? [])].sort((a, b) => a - b);
            return [
              `${operation.label} (${operation.weight}%)`,
              `${own.length} requests, p50 ${percentile(own, 0.5).toFixed(1)} ms, p99 ${percentile(own, 0.99).toFixed(1)} ms`,
            ];
          }),
        ],
        target: { text: '0 errors', met: errorCount === 0 },
      },
      {
        title: 'Background jobs of the two instances during the soak',
        figures: [
          [
            `API host check rounds (one host, every ${CHECK_EVERY_SECONDS} s)`,
            `${checkRounds} in ${elapsedSeconds.toFixed(0)} s (${ticks} or ${ticks + 1} ticks)`,
          ],
          ['queued requests accepted / sent', `${queuedAccepted} / ${restartsSent}`],
        ],
        target: {
          text: 'one check round per tick across both instances, each queued request sent once',
          met:
            checkRounds <= ticks + 1 && checkRounds >= ticks - 1 && restartsSent === queuedAccepted,
        },
      },
      {
        title: 'Memory of each instance after a forced GC: after warm-up vs after the soak',
        figures: instances.flatMap((_, index) => [
          [
            `instance ${index + 1} RSS`,
            `${mb(startMemory[index].rss)} → ${mb(endMemory[index].rss)}`,
          ] as [string, string],
          [
            `instance ${index + 1} heap used`,
            `${mb(startMemory[index].heapUsed)} → ${mb(endMemory[index].heapUsed)} (${heapGrowth[index] >= 0 ? '+' : ''}${mb(heapGrowth[index])})`,
          ] as [string, string],
        ]),
        target: {
          text: `heap after GC grows less than ${mb(HEAP_NOISE_BYTES)} per instance`,
          met: heapGrowth.every((growth) => growth < HEAP_NOISE_BYTES),
        },
      },
    ];
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await simulator.stop();
    await database.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
