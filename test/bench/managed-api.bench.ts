/**
 * Managed-API simulator throughput: requests/s of `GET /agents?limit=10` with a bearer token over
 * keep-alive, for the default data set (50 agents) and a million agents, next to a bare `node:http`
 * server answering the same bytes. Each server runs in its own process so the load generator (here)
 * and the server do not share an event loop. Target: the simulator must not limit the dashboard's own
 * benchmarks, i.e. at least 8,000 requests/s.
 *
 * Run alone: `npm run bench -- managed-api`. This file is also the servers' entry
 * (`… managed-api.bench.ts simulator <agents>` or `… bare <payload file>`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { login, request } from '../../simulator/test-client';
import { startManagedApi } from '../../simulator';
import type { BenchResult } from './run';

export const name = 'managed-API simulator';

const LOAD = { connections: 20, pipelining: 1, duration: 10 };
const WARM_UP_SECONDS = 3;
const TARGET_RPS = 8000;
const PATH = '/agents?limit=10';

interface ServerProcess {
  url: string;
  child: ChildProcess;
}

async function startServerProcess(args: string[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', __filename, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the ${args[0]} server exited with ${code} before it was ready`)),
    );
    lines.on('line', (line) => {
      if (line.startsWith('{"url"')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return { url, child };
}

async function stopServerProcess({ child }: ServerProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function requestsPerSecond(
  url: string,
  headers: Record<string, string>,
): Promise<{ rps: number; p99: number }> {
  await autocannon({ url, headers, ...LOAD, duration: WARM_UP_SECONDS });
  const result = await autocannon({ url, headers, ...LOAD });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0)
    throw new Error(`${failures} of ${result.requests.total} requests to ${url} failed`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function measureSimulator(
  agents: number,
): Promise<{ rps: number; p99: number; body: string }> {
  const server = await startServerProcess(['simulator', String(agents)]);
  try {
    const token = await login(server.url);
    const body = (await request(server.url, token, 'GET', PATH)).text;
    return {
      ...(await requestsPerSecond(`${server.url}${PATH}`, { authorization: `Bearer ${token}` })),
      body,
    };
  } finally {
    await stopServerProcess(server);
  }
}

async function measureBare(body: string): Promise<{ rps: number; p99: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'simulator-bench-'));
  const file = join(dir, 'body.json');
  writeFileSync(file, body);
  const server = await startServerProcess(['bare', file]);
  try {
    return await requestsPerSecond(`${server.url}${PATH}`, { authorization: 'Bearer x' });
  } finally {
    await stopServerProcess(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

const format = (rps: number) => `${Math.round(rps).toLocaleString('en-US')} req/s`;

export async function run(): Promise<BenchResult[]> {
  const small = await measureSimulator(50);
  const large = await measureSimulator(1_000_000);
  const bare = await measureBare(small.body);
  return [
    {
      title: `GET ${PATH} with a token over keep-alive (${LOAD.connections} connections, ${LOAD.duration} s)`,
      figures: [
        ['simulator, 50 agents', `${format(small.rps)} (p99 ${small.p99} ms)`],
        ['simulator, 1,000,000 agents', `${format(large.rps)} (p99 ${large.p99} ms)`],
        ['bare node:http, same body', `${format(bare.rps)} (p99 ${bare.p99} ms)`],
        ['simulator / bare', `${((small.rps / bare.rps) * 100).toFixed(0)} %`],
      ],
      target: {
        text: `at least ${TARGET_RPS.toLocaleString('en-US')} req/s with the default data set (50 agents)`,
        met: small.rps >= TARGET_RPS,
      },
    },
  ];
}

async function serve(role: string, argument: string): Promise<void> {
  if (role === 'simulator') {
    const api = await startManagedApi({ agents: Number(argument) });
    console.log(JSON.stringify({ url: api.url }));
    process.once('SIGTERM', () => void api.stop().then(() => process.exit(0)));
    return;
  }
  const body = readFileSync(argument);
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': String(body.length),
    });
    response.end(body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    console.log(
      JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    );
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

if (require.main === module) void serve(process.argv[2], process.argv[3]);
