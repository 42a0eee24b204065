/**
 * The dashboard and the managed-API simulator in child processes, for benchmarks that must measure
 * one process (its memory, its added latency) without the load generator sharing its event loop.
 * Both run through tsx, as `node --require tsx/cjs`, so the child's pid is the server's own: from the
 * TypeScript sources, or the dashboard from its build (`compiled`), as `npm start` runs it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';

const REPO = resolve(__dirname, '..', '..', '..');
const STARTUP_TIMEOUT_MS = 180_000;
/** USER_HZ of Linux /proc figures, 100 on every common build. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface ChildServer {
  url: string;
  pid: number;
  /** Resident memory of the process now, in bytes (Linux). */
  rss(): number;
  /** CPU time (user + system) the process has used so far, in microseconds (Linux). */
  cpuMicros(): number;
  stop(): Promise<void>;
}

function startChild(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  repo = REPO,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(
    process.execPath,
    ['--require', require.resolve('tsx/cjs'), join(repo, script), ...args],
    {
      cwd: repo,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolvePromise, reject) => {
    let output = '';
    // sleep-ok: a deadline that turns a child that never starts into a failure showing its output
    const timer = setTimeout(
      () => fail(new Error(`${script} did not start within ${STARTUP_TIMEOUT_MS} ms:\n${output}`)),
      STARTUP_TIMEOUT_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, match });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) =>
      fail(new Error(`${script} exited with ${code} before it was ready:\n${output}`)),
    );
  });
}

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

/** Fields 14 and 15 of /proc/<pid>/stat, counted after the command name (which may hold spaces). */
function cpuMicrosOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null) return resolvePromise();
    child.once('exit', () => resolvePromise());
    child.kill('SIGTERM');
    // sleep-ok: a child that ignores SIGTERM is killed rather than waited for forever
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

export async function spawnSimulator(options: {
  agents: number;
  /** Run as the master of the demo cluster (two workers). */
  cluster?: boolean;
}): Promise<ChildServer & { port: number }> {
  const { child, match } = await startChild(
    'simulator/cli.ts',
    [
      '--port',
      '0',
      '--agents',
      String(options.agents),
      '--requests-per-minute',
      '0',
      '--login-attempts',
      '0',
      '--control-path',
      ...(options.cluster ? ['--cluster'] : []),
    ],
    {},
    /listening on (http:\/\/[\d.]+:(\d+))/,
  );
  child.stdout?.resume();
  const pid = child.pid as number;
  return {
    url: match[1],
    port: Number(match[2]),
    pid,
    rss: () => rssOf(pid),
    cpuMicros: () => cpuMicrosOf(pid),
    stop: () => stopChild(child),
  };
}

/** Any server script that prints `listening on <url>` once it is ready (e.g. a bench's comparator). */
export async function spawnServer(script: string, env: NodeJS.ProcessEnv): Promise<ChildServer> {
  const { child, match } = await startChild(script, [], env, /listening on (http:\/\/[\d.]+:\d+)/);
  child.stdout?.resume();
  const pid = child.pid as number;
  return {
    url: match[1],
    pid,
    rss: () => rssOf(pid),
    cpuMicros: () => cpuMicrosOf(pid),
    stop: () => stopChild(child),
  };
}

export interface ChildDashboard extends ChildServer {
  adminPassword: string;
}

interface SpawnDashboardOptions {
  /** Extra `SVC_*` variables. */
  env?: NodeJS.ProcessEnv;
  /** Host keys of the configuration file (`server`, `security`…), next to `svc`. */
  hostConfig?: Record<string, unknown>;
  /** Another checkout of the dashboard (with its own node_modules) to run instead of this one. */
  repo?: string;
  /** Run the build's compiled server, as `npm start` does (see `buildIfStale`), not the sources. */
  compiled?: boolean;
}

/** Builds the dashboard where its sources changed since the last build, as `npm start` does first. */
export function buildIfStale(): void {
  const build = spawnSync(process.execPath, [join(REPO, 'scripts', 'build.js'), '--if-stale'], {
    cwd: REPO,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`the build failed (exit ${build.status})`);
}

/** Starts the dashboard with the given `svc:` config subtree; its data folder is removed on stop. */
export async function spawnDashboard(
  svcConfig: Record<string, unknown>,
  { env = {}, hostConfig = {}, repo, compiled = false }: SpawnDashboardOptions = {},
): Promise<ChildDashboard> {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const configFile = join(scratch, 'svc.yml');
  writeFileSync(configFile, stringify({ ...hostConfig, svc: svcConfig }), { mode: 0o600 });
  const adminPassword = 'bench-admin-password';
  const { child, match } = await startChild(
    compiled ? 'build/host/server/cli.js' : 'host/server/cli.ts',
    [],
    {
      SVC_HOST: '127.0.0.1',
      SVC_PORT: '0',
      SVC_DATA_DIR: join(scratch, 'data'),
      SVC_CONFIG: configFile,
      SVC_ADMIN_PASSWORD: adminPassword,
      SVC_DEMO: 'false',
      SVC_LOG_LEVEL: 'warn',
      ...env,
    },
    /running at (http:\/\/[\d.]+:\d+)/,
    repo,
  );
  child.stdout?.resume();
  const pid = child.pid as number;
  return {
    url: match[1],
    pid,
    adminPassword,
    rss: () => rssOf(pid),
    cpuMicros: () => cpuMicrosOf(pid),
    async stop() {
      await stopChild(child);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** A dashboard session cookie for `admin`. */
export async function dashboardSession(dashboard: ChildDashboard): Promise<string> {
  const response = await fetch(`${dashboard.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'osd-xsrf': 'bench' },
    body: JSON.stringify({ username: 'admin', password: dashboard.adminPassword }),
  });
  if (response.status !== 200)
    throw new Error(`Dashboard login failed with ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A bearer token of the simulator's admin user, for calling it directly. */
export async function simulatorToken(
  simulator: ChildServer,
  credentials: { username: string; password: string },
): Promise<string> {
  const response = await fetch(`${simulator.url}/security/user/authenticate`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
    },
  });
  if (response.status !== 200) throw new Error(`Simulator login failed with ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}
