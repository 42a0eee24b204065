/**
 * Host overhead: requests/s of an authenticated no-op plugin route (session cookie, auth step,
 * contexts, response factory) against a bare Fastify route returning `{}`, measured one after the
 * other with the same load. Each server runs in its own process so the load generator (here) and
 * the server do not share an event loop.
 *
 * Both servers run compiled (esbuild, as `npm start` runs the dashboard) from a scratch folder under
 * build/. Run alone: `npm run bench -- host`. The compiled copy of this file is also the servers'
 * entry (`node …/host.bench.js bare|dashboard`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { BenchResult } from './run';

export const name = 'host HTTP overhead';

const LOAD = { connections: 20, pipelining: 1, duration: 3 };
const ROUNDS = 7;
const WARM_UP_SECONDS = 3;
const TARGET_RATIO = 0.8;
/** Relative to this file: the sources for the compiler, the compiled fixtures for the compiled copy. */
const FIXTURE_PLUGINS = join(__dirname, '..', 'integration', 'host', 'fixtures', 'plugins');

type Role = 'bare' | 'dashboard';

interface ServerProcess {
  url: string;
  child: ChildProcess;
}

interface BuildScript {
  ROOT: string;
  BUILD_DIR: string;
  listFiles(dir: string, keep: (file: string) => boolean): string[];
  compileServerFiles(options: {
    compiled: string[];
    copied: string[];
    outDir: string;
  }): Promise<void>;
}

/**
 * Compiles the host, the fixture plugins, the harness and this file with the build's compiler into a
 * scratch folder under build/, so the servers run compiled, as `npm start` runs the dashboard.
 */
async function compileForBench(): Promise<string> {
  const { ROOT, BUILD_DIR, listFiles, compileServerFiles } =
    require('../../scripts/build.js') as BuildScript;
  mkdirSync(BUILD_DIR, { recursive: true });
  const outDir = mkdtempSync(join(BUILD_DIR, 'bench-host-'));
  const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.(test|e2e)\.tsx?$/.test(file);
  const compiled = [
    ...listFiles(join(ROOT, 'host'), isSource),
    ...listFiles(FIXTURE_PLUGINS, isSource),
    join(ROOT, 'test', 'integration', 'host', 'fixtures', 'lifecycle-log.ts'),
    join(ROOT, 'test', 'integration', 'harness.ts'),
    __filename,
  ];
  const copied = [
    ...listFiles(FIXTURE_PLUGINS, (file) => file.endsWith('.json')),
    join(ROOT, 'package.json'),
  ];
  await compileServerFiles({ compiled, copied, outDir });
  return outDir;
}

/** Starts the compiled copy of this file as a server process and waits for the JSON line with its URL. */
async function startServerProcess(compiledDir: string, role: Role): Promise<ServerProcess> {
  const entry = join(compiledDir, 'test', 'bench', 'host.bench.js');
  const child = spawn(process.execPath, [entry, role], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the ${role} server exited with ${code} before it was ready`)),
    );
    lines.on('line', (line) => {
      if (line.startsWith('{"url"')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return { url, child };
}

/** CPU time (user + system, µs) the server process has used so far. */
function cpuMicros({ child }: ServerProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (usage: NodeJS.CpuUsage) => resolve(usage.user + usage.system));
    child.send('cpu');
  });
}

async function stopServerProcess({ child }: ServerProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Measurement {
  requestsPerSecond: number;
  /** Server CPU time per request (µs): unlike requests/s, barely moved by load from elsewhere. */
  cpuPerRequest: number;
}

async function measure(
  server: ServerProcess,
  target: Target,
  duration: number,
): Promise<Measurement> {
  const cpuBefore = await cpuMicros(server);
  const result = await autocannon({ url: target.url, headers: target.headers, ...LOAD, duration });
  const cpu = (await cpuMicros(server)) - cpuBefore;
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0)
    throw new Error(`${failures} of ${result.requests.total} requests to ${target.url} failed`);
  return { requestsPerSecond: result.requests.average, cpuPerRequest: cpu / result.requests.total };
}

async function sessionCookie(baseUrl: string): Promise<string> {
  const { TEST_ADMIN_PASSWORD } = await import('../integration/harness');
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'osd-xsrf': 'bench' },
    body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`login failed with ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

interface Target {
  url: string;
  headers: Record<string, string>;
}

export async function run(): Promise<BenchResult[]> {
  const compiledDir = await compileForBench();
  try {
    return await compare(compiledDir);
  } finally {
    rmSync(compiledDir, { recursive: true, force: true });
  }
}

async function compare(compiledDir: string): Promise<BenchResult[]> {
  const bare = await startServerProcess(compiledDir, 'bare');
  const dashboard = await startServerProcess(compiledDir, 'dashboard').catch(
    async (error: Error) => {
      await stopServerProcess(bare);
      throw error;
    },
  );
  const bareRounds: Measurement[] = [];
  const hostRounds: Measurement[] = [];
  try {
    const bareTarget: Target = { url: `${bare.url}/noop`, headers: {} };
    const hostTarget: Target = {
      url: `${dashboard.url}/api/test/noop`,
      headers: { cookie: await sessionCookie(dashboard.url) },
    };
    await measure(bare, bareTarget, WARM_UP_SECONDS);
    await measure(dashboard, hostTarget, WARM_UP_SECONDS);
    // Short alternating rounds, so a burst of load from elsewhere on the machine hits both sides alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRounds.push(await measure(bare, bareTarget, LOAD.duration));
      hostRounds.push(await measure(dashboard, hostTarget, LOAD.duration));
    }
  } finally {
    await Promise.all([stopServerProcess(bare), stopServerProcess(dashboard)]);
  }
  const ratio = median(
    hostRounds.map((host, index) => host.requestsPerSecond / bareRounds[index].requestsPerSecond),
  );
  const rps = (rounds: Measurement[]) =>
    `${Math.round(median(rounds.map((round) => round.requestsPerSecond)))} requests/s`;
  const cpu = (rounds: Measurement[]) => median(rounds.map((round) => round.cpuPerRequest));
  return [
    {
      title: `authenticated no-op route vs bare Fastify (${LOAD.connections} connections each, ${ROUNDS} alternating rounds of ${LOAD.duration} s after ${WARM_UP_SECONDS} s warm-up)`,
      figures: [
        ['bare Fastify GET /noop → {} (median)', rps(bareRounds)],
        ['host GET /api/test/noop, session cookie (median)', rps(hostRounds)],
        ['ratio host / bare (median of rounds)', ratio.toFixed(2)],
        [
          'server CPU per request, bare / host (median)',
          `${cpu(bareRounds).toFixed(1)} / ${cpu(hostRounds).toFixed(1)} µs`,
        ],
        [
          'rounds, bare / host requests/s',
          bareRounds
            .map(
              (round, index) =>
                `${Math.round(round.requestsPerSecond)}/${Math.round(hostRounds[index].requestsPerSecond)}`,
            )
            .join(' '),
        ],
      ],
      target: { text: `ratio ≥ ${TARGET_RATIO}`, met: ratio >= TARGET_RATIO },
    },
  ];
}

/** Server side of the bench: prints `{"url": …}` once listening, stops on SIGTERM. */
async function serve(role: Role): Promise<void> {
  let url: string;
  let stop: () => Promise<void>;
  if (role === 'bare') {
    const fastify = Fastify({ logger: false });
    fastify.get('/noop', async () => ({}));
    url = await fastify.listen({ host: '127.0.0.1', port: 0 });
    stop = () => fastify.close();
  } else {
    const { startTestDashboard } = await import('../integration/harness');
    const dashboard = await startTestDashboard({
      pluginsDir: FIXTURE_PLUGINS,
      env: { SVC_LOG_LEVEL: 'warn' },
    });
    url = dashboard.url;
    stop = () => dashboard.stop();
  }
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
  process.on('message', () => process.send?.(process.cpuUsage()));
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}

if (require.main === module) {
  const role = process.argv[2];
  if (role !== 'bare' && role !== 'dashboard')
    throw new Error(`usage: host.bench.ts bare|dashboard (got ${role})`);
  serve(role).catch((error: Error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
}
