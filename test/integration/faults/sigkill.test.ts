/**
 * Acknowledged writes survive the dashboard being killed: a burst of API host edits and update
 * dismissals runs against the dashboard in a child process, the process gets SIGKILL in the middle of
 * it, and after a restart on the same data folder every write that was answered 2xx is there and the
 * SQLite database passes its integrity check.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';

jest.setTimeout(240_000);

const REPO = resolve(__dirname, '..', '..', '..');
const ADMIN_PASSWORD = 'sigkill-admin-password';
const HOSTS = 6;
/** Concurrent dismissal loops of the one user: they race on the same preferences object. */
const DISMISS_LOOPS = 4;
/** SIGKILL once this many writes were acknowledged (the burst keeps going until then). */
const KILL_AFTER_ACKS = 150;

interface Dashboard {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** Starts `host/server/cli.ts` through tsx on a free port with the given data folder. */
function startDashboard(dataDir: string): Promise<Dashboard> {
  const child = spawn(
    process.execPath,
    ['--require', require.resolve('tsx/cjs'), join(REPO, 'host/server/cli.ts')],
    {
      // The data folder's parent as cwd: the repository's config/svc.yml must not apply.
      cwd: resolve(dataDir, '..'),
      env: {
        ...process.env,
        // tsx looks for tsconfig.json (and its import aliases) in the cwd, which is outside the repository.
        TSX_TSCONFIG_PATH: join(REPO, 'tsconfig.json'),
        SVC_HOST: '127.0.0.1',
        SVC_PORT: '0',
        SVC_DATA_DIR: dataDir,
        SVC_ADMIN_PASSWORD: ADMIN_PASSWORD,
        SVC_DEMO: 'false',
        SVC_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolveStart, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at (http:\/\/[\d.]+:\d+)/);
      if (match) resolveStart({ url: match[1], child, exited });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() =>
      reject(new Error(`The dashboard exited before it was ready:\n${output}`)),
    );
  });
}

async function login(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'osd-xsrf': 'sigkill' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed with ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');
  return { cookie, 'osd-xsrf': 'sigkill', 'content-type': 'application/json' };
}

/** Sends one write; resolves with its status, or 0 when the connection died (the kill). */
async function write(
  url: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body: unknown,
): Promise<number> {
  try {
    const response = await fetch(`${url}${path}`, { method, headers, body: JSON.stringify(body) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

const apiHostId = (index: number) => `host-${index}`;
const dismissedVersion = (loop: number, index: number) => `9.${loop}.${index}`;

describe('SIGKILL during a burst of writes', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-sigkill-'));
  const dataDir = join(scratch, 'data');
  let dashboard: Dashboard | undefined;

  afterAll(async () => {
    if (dashboard && dashboard.child.exitCode === null) {
      dashboard.child.kill('SIGTERM');
      await dashboard.exited;
    }
    rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps every acknowledged host edit and dismissal, and the database is intact', async () => {
    mkdirSync(dataDir);
    dashboard = await startDashboard(dataDir);
    const first = dashboard;
    const headers = await login(first.url);
    for (let index = 0; index < HOSTS; index++) {
      const created = await write(first.url, headers, 'POST', '/hosts/apis', {
        id: apiHostId(index),
        url: 'https://127.0.0.1',
        port: 1000,
        username: 'wazuh-wui',
        password: 'burst-password',
      });
      expect(created).toBe(200);
    }

    /** Per host: ports in the order they were sent, and the last one answered 2xx. */
    const sentPorts = new Map<string, number[]>();
    const lastAckedPort = new Map<string, number>();
    const ackedDismissals: string[] = [];
    let acks = 0;
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      first.child.kill('SIGKILL');
    };

    const editLoop = async (index: number) => {
      const id = apiHostId(index);
      sentPorts.set(id, []);
      for (let port = 1001; !killed && port < 60_000; port++) {
        sentPorts.get(id)!.push(port);
        const status = await write(first.url, headers, 'PUT', `/hosts/apis/${id}`, { port });
        if (status >= 200 && status < 300) {
          lastAckedPort.set(id, port);
          if (++acks >= KILL_AFTER_ACKS) kill();
        } else if (status !== 0) throw new Error(`host edit answered ${status}`);
      }
    };
    const dismissLoop = async (loop: number) => {
      for (let index = 0; !killed && index < 100; index++) {
        const version = dismissedVersion(loop, index);
        const status = await write(
          first.url,
          headers,
          'POST',
          '/api/v1/svc-check-updates/dismiss',
          { version, update_type: 'patch' },
        );
        if (status >= 200 && status < 300) {
          ackedDismissals.push(version);
          if (++acks >= KILL_AFTER_ACKS) kill();
        } else if (status !== 0) throw new Error(`dismissal answered ${status}`);
      }
    };
    await Promise.all([
      ...Array.from({ length: HOSTS }, (_, index) => editLoop(index)),
      ...Array.from({ length: DISMISS_LOOPS }, (_, loop) => dismissLoop(loop)),
    ]);
    kill();
    await first.exited;
    expect(acks).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

    dashboard = await startDashboard(dataDir);
    const again = await login(dashboard.url);

    const hosts = (await (
      await fetch(`${dashboard.url}/hosts/apis`, { headers: again })
    ).json()) as Array<{ id: string; port: number }>;
    for (let index = 0; index < HOSTS; index++) {
      const id = apiHostId(index);
      const stored = hosts.find((host) => host.id === id);
      const acked = lastAckedPort.get(id) ?? 1000;
      // An edit sent after the last acknowledged one may have been committed just before the kill.
      const allowed = [acked, ...sentPorts.get(id)!.filter((port) => port > acked)];
      expect({ id, port: stored?.port, allowed: allowed.includes(stored?.port ?? -1) }).toEqual({
        id,
        port: stored?.port,
        allowed: true,
      });
    }

    const preferences = (await (
      await fetch(`${dashboard.url}/api/v1/svc-check-updates/preferences`, { headers: again })
    ).json()) as {
      data: { dismissed_updates: Record<string, unknown> };
    };
    const lostDismissals = ackedDismissals.filter(
      (version) => !(version in preferences.data.dismissed_updates),
    );
    expect({ acknowledged: ackedDismissals.length, lost: lostDismissals }).toEqual({
      acknowledged: ackedDismissals.length,
      lost: [],
    });

    console.log(
      `SIGKILL after ${acks} acknowledged writes: ${lastAckedPort.size} hosts edited, ${ackedDismissals.length} dismissals, all present after restart`,
    );
    dashboard.child.kill('SIGTERM');
    await dashboard.exited;
    const database = new Database(join(dataDir, 'saved_objects.sqlite'), { readonly: true });
    try {
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      database.close();
    }
  });
});
