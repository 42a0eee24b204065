/**
 * Soak: two dashboard instances (each its own process) on one fresh PostgreSQL database, behind a
 * round-robin "load balancer" in this process that takes an instance out of rotation while it
 * restarts, with the managed-API simulator in a third process and the indexer stand-in behind two
 * cluster nodes. Mixed traffic for `SVC_SOAK_SECONDS` (60 by default): console proxy, update checks,
 * preferences and dismissals, small CSV exports, requests queued with a delay, Threat Hunting
 * searches, alerts CSV exports and sample-data listings; beside it, one client pages past the
 * 10,000th alert with cursors and another makes, downloads and deletes reports, each request through
 * the balancer. One indexer node is stopped and started again during the run, and one dashboard
 * instance is restarted. Reports requests/s, p50/p99, errors (target 0; requests in flight on the
 * restarted instance are counted apart), each instance's memory after a forced GC at the start and at
 * the end (target: no growth beyond noise), and each background job's runs against its ticks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from 'pg';
import { stringify } from 'yaml';
import { createTestDatabase } from '../../host/server/saved-objects/postgres/test-support';
import { RUN_CLAIMS_TABLE } from '../../host/server/saved-objects/postgres/schema';
import { startIndexer } from '../../simulator/indexer';
import { spawnSimulator } from '../integration/main/processes';
import { ADMIN_USER } from '../../simulator/users';
import { startIndexerNode, type IndexerNode } from './indexer-nodes';
import type { BenchResult } from './run';

export const name = 'Soak: two instances on one PostgreSQL, mixed traffic, alerts and reports';

const REPO = resolve(__dirname, '..', '..');
const SECONDS = Number(process.env.SVC_SOAK_SECONDS ?? 60);
const WARM_UP_MS = 5_000;
const CONCURRENCY = 8;
const ADMIN_PASSWORD = 'soak-admin-password';
/** Heap growth after GC under which the end figure counts as the start figure plus noise. */
const HEAP_NOISE_BYTES = 16 * 1024 * 1024;
/** API host checks every 5 s instead of every 5 minutes, so a soak sees a dozen rounds. */
const CHECK_EVERY_SECONDS = 5;
/** The queued-requests job's default schedule: every second. */
const QUEUE_EVERY_SECONDS = 1;
const QUEUE_DELAY_MS = 1_000;
const CHECK_ROUTE = 'GET /';
const RESTART_ROUTE = 'PUT /agents/{agent_id}/restart';
const INDEXER_USER = { username: 'soak-indexer', password: 'soak-indexer-password-1' };
/** Alerts of the simulator's manager in the last day: past the 10,000-hit window. */
const ALERTS = 12_000;
const ALERTS_EVERY_MS = 5_000;
/** How often a waiting report's job is asked about. */
const REPORT_POLL_MS = 250;
/** When, as shares of the run, the indexer node goes down and comes back, and the instance restarts. */
const NODE_DOWN_AT = 0.2;
const NODE_UP_AT = 0.4;
const RESTART_AT = 0.6;
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

interface HttpCall {
  method: string;
  path: string;
  body?: unknown;
}

interface Operation {
  label: string;
  weight: number;
  request(counter: number): HttpCall;
}

/** Every alert of the simulator's manager in the last day, as Threat Hunting and the exports ask. */
const LAST_DAY = { apiHostId: 'soak', timeRange: { from: 'now-1d', to: 'now' } };

const QUEUED: Operation = {
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
};

/** The traffic mix, by weight. Dismissals cycle through 50 versions so the preferences stay small. */
const MIX: Operation[] = [
  {
    label: 'proxy GET /agents?limit=10',
    weight: 28,
    request: () => ({
      method: 'POST',
      path: '/api/request',
      body: { id: 'soak', method: 'GET', path: '/agents?limit=10' },
    }),
  },
  {
    label: 'updates GET',
    weight: 12,
    request: () => ({ method: 'GET', path: '/api/v1/svc-check-updates/updates?api_id=soak' }),
  },
  {
    label: 'preferences GET',
    weight: 10,
    request: () => ({ method: 'GET', path: '/api/v1/svc-check-updates/preferences' }),
  },
  {
    label: 'dismiss POST',
    weight: 10,
    request: (counter) => ({
      method: 'POST',
      path: '/api/v1/svc-check-updates/dismiss',
      body: { version: `5.${counter % 50}.0`, update_type: 'minor' },
    }),
  },
  {
    label: 'CSV export (50 agents)',
    weight: 10,
    request: () => ({
      method: 'POST',
      path: '/api/csv',
      body: { id: 'soak', path: '/agents', filters: [{ name: 'status', value: 'active' }] },
    }),
  },
  QUEUED,
  {
    label: 'Threat Hunting search (50 alerts, level histogram)',
    weight: 15,
    request: (counter) => ({
      method: 'POST',
      path: '/api/alerts/search',
      body: {
        ...LAST_DAY,
        query: { language: 'kuery', query: `rule.level >= ${counter % 12}` },
        size: 50,
        charts: [{ id: 'levels', type: 'terms', field: 'rule.level', size: 16 }],
      },
    }),
  },
  {
    label: 'alerts CSV export (~750 alerts)',
    weight: 2,
    request: (counter) => ({
      method: 'POST',
      path: '/api/alerts/csv',
      body: {
        ...LAST_DAY,
        query: { language: 'kuery', query: `rule.level: ${counter % 16}` },
        columns: ['timestamp', 'agent.name', 'rule.level', 'rule.description'],
      },
    }),
  },
  {
    label: 'sample data GET',
    weight: 8,
    request: () => ({ method: 'GET', path: '/api/alerts/sample-data' }),
  },
];
const PLAN = MIX.flatMap((operation) => Array.from({ length: operation.weight }, () => operation));

function* alertsOfTheLastDay(now: number) {
  for (let n = 0; n < ALERTS; n++)
    yield {
      index: 'wazuh-alerts-4.x-soak',
      source: {
        timestamp: new Date(now - ALERTS_EVERY_MS * (n + 1)).toISOString(),
        manager: { name: 'wazuh.manager' },
        agent: { id: String(n % 10).padStart(3, '0'), name: `agent-${n % 10}` },
        rule: { level: n % 16, id: String(5700 + (n % 20)), description: `Soak alert ${n}` },
        full_log: `soak log line ${n}`,
      },
    };
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function simulatorCalls(simulatorUrl: string, route: string): Promise<number> {
  const response = await fetch(`${simulatorUrl}/__simulator/stats`);
  const stats = (await response.json()) as { byRoute: Record<string, number> };
  return stats.byRoute[route] ?? 0;
}

/** Ticks each background job claimed in the shared database, by job (`svc.<job>:<tick time>`). */
async function claimedTicks(databaseUrl: string): Promise<Map<string, number>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string }>(`SELECT key FROM ${RUN_CLAIMS_TABLE}`);
    const byJob = new Map<string, number>();
    for (const { key } of rows) {
      const job = key.slice(0, key.indexOf(':'));
      byJob.set(job, (byJob.get(job) ?? 0) + 1);
    }
    return byJob;
  } finally {
    await client.end();
  }
}

/** The `code` of an error body (ids and messages differ from one failure to the next). */
function errorCode(body: Buffer): string {
  try {
    return (
      (JSON.parse(body.toString()) as { attributes?: { code?: string } }).attributes?.code ?? ''
    );
  } catch {
    return body.toString('utf8', 0, 80);
  }
}

/** One backend of the balancer; `generation` grows at each restart, to tell requests it cut. */
interface Backend {
  instance: Instance;
  up: boolean;
  generation: number;
}

/** What the soak measured, by request and by outcome. */
class Recorder {
  readonly latencies: number[] = [];
  readonly byOperation = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  cutByRestart = 0;
  recording = false;

  record(label: string, latency: number, failure: string | undefined, cut: boolean): void {
    if (!this.recording) return;
    if (failure && cut) {
      this.cutByRestart += 1;
      return;
    }
    this.latencies.push(latency);
    const own = this.byOperation.get(label) ?? [];
    own.push(latency);
    this.byOperation.set(label, own);
    if (failure) this.errors.set(failure, (this.errors.get(failure) ?? 0) + 1);
  }

  errorCount(): number {
    return [...this.errors.values()].reduce((sum, count) => sum + count, 0);
  }

  line(label: string): string {
    const own = [...(this.byOperation.get(label) ?? [])].sort((a, b) => a - b);
    return `${own.length} requests, p50 ${percentile(own, 0.5).toFixed(1)} ms, p99 ${percentile(own, 0.99).toFixed(1)} ms`;
  }
}

/** A round-robin balancer over the backends that are up, recording each call. */
class Balancer {
  private next = 0;

  constructor(
    readonly backends: Backend[],
    private readonly cookie: string,
    private readonly recorder: Recorder,
  ) {}

  async call(
    label: string,
    { method, path, body }: HttpCall,
    expected = [200],
  ): Promise<{ status: number; body: Buffer } | undefined> {
    const live = this.backends.filter((backend) => backend.up);
    const backend = live[this.next++ % live.length];
    const generation = backend.generation;
    const started = performance.now();
    let failure: string | undefined;
    let answer: { status: number; body: Buffer } | undefined;
    try {
      const response = await fetch(`${backend.instance.url}${path}`, {
        method,
        headers: {
          cookie: this.cookie,
          'osd-xsrf': 'soak',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      answer = { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
      if (!expected.includes(response.status))
        failure = `${label}: ${response.status} ${errorCode(answer.body)}`;
    } catch (error) {
      failure = `${label}: ${(error as Error).message}`;
    }
    this.recorder.record(
      label,
      performance.now() - started,
      failure,
      backend.generation !== generation,
    );
    return failure ? undefined : answer;
  }
}

const PAGE_LABEL = 'page past 10,000 (cursor, 100 alerts)';
const REPORT_LABELS = {
  start: 'report POST (Threat Hunting, last day)',
  poll: 'report job GET',
  download: 'report GET (PDF)',
  remove: 'report DELETE',
};

/** Reads the alerts from page 99 to the end, every cursor through the balancer; returns the pages. */
async function pageThroughTheWindow(balancer: Balancer): Promise<number> {
  const selection = { ...LAST_DAY, size: 100 };
  const first = await balancer.call(PAGE_LABEL, {
    method: 'POST',
    path: '/api/alerts/search',
    body: { ...selection, page: 99 },
  });
  let cursor = first && (JSON.parse(first.body.toString()) as { cursor?: string }).cursor;
  let pages = 1;
  while (cursor) {
    const next = await balancer.call(PAGE_LABEL, {
      method: 'POST',
      path: '/api/alerts/search',
      body: { ...selection, cursor },
    });
    cursor = next && (JSON.parse(next.body.toString()) as { cursor?: string }).cursor;
    pages += 1;
  }
  return pages;
}

interface ReportOutcome {
  made: number;
  failed: string[];
}

/** Makes one report through the balancer, waits for it, downloads it and deletes it. */
async function oneReport(balancer: Balancer, outcome: ReportOutcome): Promise<void> {
  const started = await balancer.call(
    REPORT_LABELS.start,
    {
      method: 'POST',
      path: '/api/reports',
      body: { moduleId: 'threat-hunting', selection: LAST_DAY },
    },
    [200, 202],
  );
  if (!started) return;
  const { id } = JSON.parse(started.body.toString()) as { id: string };
  for (;;) {
    await delay(REPORT_POLL_MS);
    const polled = await balancer.call(REPORT_LABELS.poll, {
      method: 'GET',
      path: `/api/reports/jobs/${id}`,
    });
    if (!polled) return;
    const job = JSON.parse(polled.body.toString()) as {
      status: string;
      report?: { name: string };
      error?: { message?: string };
    };
    if (job.status === 'failed') {
      outcome.failed.push(job.error?.message ?? 'failed');
      return;
    }
    if (job.status !== 'succeeded' || !job.report) continue;
    const path = `/api/reports/${encodeURIComponent(job.report.name)}`;
    const pdf = await balancer.call(REPORT_LABELS.download, { method: 'GET', path });
    if (pdf && pdf.body.subarray(0, 5).toString() !== '%PDF-')
      outcome.failed.push(`${job.report.name} is not a PDF`);
    await balancer.call(REPORT_LABELS.remove, { method: 'DELETE', path });
    outcome.made += 1;
    return;
  }
}

export async function run(): Promise<BenchResult[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-soak-'));
  const probe = join(scratch, 'memory-probe.js');
  writeFileSync(probe, MEMORY_PROBE);
  const database = await createTestDatabase();
  const simulator = await spawnSimulator({ agents: 50 });
  const indexer = await startIndexer({
    documents: alertsOfTheLastDay(Date.now()),
    users: [INDEXER_USER],
  });
  const nodes: IndexerNode[] = await Promise.all([
    startIndexerNode(indexer.url),
    startIndexerNode(indexer.url),
  ]);
  const backends: Backend[] = [];
  try {
    const env = {
      SVC_SAVED_OBJECTS_URL: database.url,
      SVC_ENCRYPTION_KEY: 'soak-shared-encryption-key-0123456789',
    };
    const svcConfig = {
      hosts: [
        {
          id: 'soak',
          url: 'http://127.0.0.1',
          port: Number(new URL(simulator.url).port),
          username: ADMIN_USER.username,
          password: ADMIN_USER.password,
        },
      ],
      jobs: { apiCheckSchedule: `*/${CHECK_EVERY_SECONDS} * * * * *` },
      // One session stands for the many users such traffic comes from: their per-user limits are
      // raised so that the soak measures the instances, not one user's share.
      api: { requestsPerUserPerSecond: 10_000 },
      indexer: {
        hosts: nodes.map((node) => node.url),
        ...INDEXER_USER,
        maxRequestsInFlightPerUser: 64,
      },
    };
    const start = (label: string) => startInstance(scratch, label, env, svcConfig, probe);
    for (const instance of await Promise.all(['a', 'b'].map(start)))
      backends.push({ instance, up: true, generation: 0 });
    // One session for both: a login on one instance is valid on the other.
    const recorder = new Recorder();
    const balancer = new Balancer(backends, await sessionCookie(backends[0].instance), recorder);

    let counter = 0;
    let queuedAccepted = 0;
    let until = performance.now() + WARM_UP_MS;
    const mixed = async () => {
      while (performance.now() < until) {
        const count = counter++;
        const operation = PLAN[count % PLAN.length];
        const answer = await balancer.call(operation.label, operation.request(count));
        if (answer && operation === QUEUED) queuedAccepted += 1;
      }
    };
    const paging = { walks: 0, pages: 0 };
    const reports: ReportOutcome = { made: 0, failed: [] };
    const flows = () => [
      ...Array.from({ length: CONCURRENCY }, mixed),
      (async () => {
        while (performance.now() < until) {
          paging.pages += await pageThroughTheWindow(balancer);
          paging.walks += 1;
        }
      })(),
      (async () => {
        while (performance.now() < until) await oneReport(balancer, reports);
      })(),
    ];

    await Promise.all(flows());
    const startMemory = await Promise.all(backends.map(({ instance }) => instance.memory()));
    const checksBefore = await simulatorCalls(simulator.url, CHECK_ROUTE);
    const claimsBefore = await claimedTicks(database.url);
    paging.walks = paging.pages = reports.made = 0;
    reports.failed.length = 0;
    recorder.recording = true;
    const started = performance.now();
    until = started + SECONDS * 1000;
    const at = (share: number) =>
      delay(Math.max(0, started + SECONDS * 1000 * share - performance.now()));
    const events: string[] = [];
    const restarted = backends[1];
    let restartedMemory: Memory | undefined;
    const disturbances = (async () => {
      await at(NODE_DOWN_AT);
      await nodes[0].stop();
      events.push(
        `indexer node 1 stopped at ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      await at(NODE_UP_AT);
      await nodes[0].start();
      events.push(
        `indexer node 1 started at ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      await at(RESTART_AT);
      const down = performance.now();
      // A health-checking balancer takes the instance out of rotation as it stops.
      restarted.up = false;
      restarted.generation += 1;
      await restarted.instance.stop();
      restarted.instance = await start('b');
      restarted.up = true;
      events.push(
        `instance 2 restarted at ${((down - started) / 1000).toFixed(0)} s, out of rotation for ${((performance.now() - down) / 1000).toFixed(1)} s`,
      );
      // Its baseline for the memory figures: after a few seconds back under load.
      await delay(WARM_UP_MS);
      restartedMemory = await restarted.instance.memory();
    })();
    await Promise.all([...flows(), disturbances]);
    const elapsedSeconds = (performance.now() - started) / 1000;
    const checkRounds = (await simulatorCalls(simulator.url, CHECK_ROUTE)) - checksBefore;
    const claimsAfter = await claimedTicks(database.url);
    // A settle period lets the last queued requests go out, and sockets and timers of the last
    // requests go, before the final measure.
    await delay(QUEUE_DELAY_MS + 3_000);
    const restartsSent = await simulatorCalls(simulator.url, RESTART_ROUTE);
    const endMemory = await Promise.all(backends.map(({ instance }) => instance.memory()));
    if (restartedMemory) startMemory[1] = restartedMemory;

    const sorted = [...recorder.latencies].sort((a, b) => a - b);
    const errorCount = recorder.errorCount();
    const heapGrowth = endMemory.map((end, index) => end.heapUsed - startMemory[index].heapUsed);
    const claims = (job: string) => (claimsAfter.get(job) ?? 0) - (claimsBefore.get(job) ?? 0);
    const ticks = (everySeconds: number) => Math.floor(elapsedSeconds / everySeconds);
    const jobs = [...claimsAfter.keys()].sort();
    const onceATick = (runs: number, everySeconds: number) =>
      Math.abs(runs - ticks(everySeconds)) <= 1;
    return [
      {
        title: `Mixed traffic for ${SECONDS} s, ${CONCURRENCY} concurrent clients plus a pager and a report maker, round-robin over two instances on one PostgreSQL`,
        figures: [
          ['requests', `${recorder.latencies.length}`],
          ['requests/s', (recorder.latencies.length / elapsedSeconds).toFixed(0)],
          ['p50', `${percentile(sorted, 0.5).toFixed(1)} ms`],
          ['p99', `${percentile(sorted, 0.99).toFixed(1)} ms`],
          [
            'errors',
            errorCount === 0
              ? '0'
              : `${errorCount} (${[...recorder.errors].map(([what, count]) => `${what} ×${count}`).join('; ')})`,
          ],
          ['requests cut by the instance restart (in flight on it)', `${recorder.cutByRestart}`],
          ...events.map((event): [string, string] => ['event', event]),
          ...MIX.map((operation): [string, string] => [
            `${operation.label} (${operation.weight}%)`,
            recorder.line(operation.label),
          ]),
          [PAGE_LABEL, recorder.line(PAGE_LABEL)],
          ['walks from page 99 to the last page', `${paging.walks} (${paging.pages} pages)`],
          ...Object.values(REPORT_LABELS).map((label): [string, string] => [
            label,
            recorder.line(label),
          ]),
          [
            'reports made, downloaded and deleted / failed',
            `${reports.made} / ${reports.failed.length}${reports.failed.length ? ` (${reports.failed.join('; ')})` : ''}`,
          ],
        ],
        target: {
          text: '0 errors apart from requests in flight on the restarted instance',
          met: errorCount === 0 && reports.failed.length === 0,
        },
      },
      {
        title: 'Background jobs of the two instances during the soak',
        figures: [
          ...jobs.map((job): [string, string] => [`${job}: ticks claimed`, `${claims(job)}`]),
          [
            `API host check rounds (one host, every ${CHECK_EVERY_SECONDS} s)`,
            `${checkRounds} in ${elapsedSeconds.toFixed(0)} s (${ticks(CHECK_EVERY_SECONDS)} or ${ticks(CHECK_EVERY_SECONDS) + 1} ticks)`,
          ],
          ['queued requests accepted / sent', `${queuedAccepted} / ${restartsSent}`],
        ],
        target: {
          text: 'one check round and one queue run per tick across both instances, each queued request sent once',
          met:
            onceATick(checkRounds, CHECK_EVERY_SECONDS) &&
            onceATick(claims('svc.queued-requests'), QUEUE_EVERY_SECONDS) &&
            restartsSent === queuedAccepted,
        },
      },
      {
        title:
          'Memory of each instance after a forced GC: after warm-up (instance 2: after its restart) vs after the soak',
        figures: backends.flatMap((_, index) => [
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
    await Promise.all(backends.map(({ instance }) => instance.stop()));
    await Promise.all(nodes.map((node) => node.stop()));
    await indexer.stop();
    await simulator.stop();
    await database.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
