/**
 * `npm start` as a newcomer runs it, for the first-run browser test and the start-up benchmark: a
 * child process group in the repository with nothing set but the environment (a fresh data folder,
 * a free port, demo mode, an empty config file so a local `config/svc.yml` cannot interfere), its
 * output collected and the start-up block it prints read back.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
/** A start-up block is framed by two equal lines of dashes. */
const BLOCK = /^(-{10,})\n([\s\S]*?)\n\1$/m;

interface StartupBlock {
  url: string;
  /** Where the generated admin password is; absent on later starts and with SVC_ADMIN_PASSWORD. */
  passwordFile?: string;
  lines: string[];
}

export interface NpmStart {
  /** Everything the process group wrote to stdout and stderr so far. */
  output(): string;
  /** The start-up block once printed; rejects when `npm start` ends first. */
  block: Promise<StartupBlock>;
  /** SIGTERM to the whole group, as Ctrl+C signals it; resolves with npm's exit code (null: ended by the signal) once every process has let go of the output. */
  stop(): Promise<number | null>;
}

export interface NpmStartOptions {
  /** Data folder (`SVC_DATA_DIR`); the empty config file is written there too. */
  dataDir: string;
  port: number;
  env?: Record<string, string>;
}

/** A port nothing listens on right now (the OS's pick for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function parseStartupBlock(output: string): StartupBlock | undefined {
  const match = BLOCK.exec(output);
  if (!match) return undefined;
  const lines = match[2].split('\n');
  const url = /running at (\S+)/.exec(match[2])?.[1];
  if (!url) return undefined;
  const passwordFile = /generated password stored in (\S+) \(/.exec(match[2])?.[1];
  return { url, lines, ...(passwordFile ? { passwordFile } : {}) };
}

/** The environment of the child: the caller's, minus every `SVC_*` setting, plus the given ones. */
function childEnv(options: NpmStartOptions): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('SVC_')),
  );
  const configFile = join(options.dataDir, 'svc.yml');
  writeFileSync(configFile, '');
  return {
    ...inherited,
    SVC_DATA_DIR: options.dataDir,
    SVC_PORT: String(options.port),
    SVC_HOST: '127.0.0.1',
    SVC_CONFIG: configFile,
    ...options.env,
  };
}

export function startNpmStart(options: NpmStartOptions): NpmStart {
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: childEnv(options),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const closed = new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  const block = new Promise<StartupBlock>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const parsed = parseStartupBlock(output);
      if (parsed) resolve(parsed);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void closed.then((code) =>
      reject(
        new Error(
          `npm start ended (exit code ${code}) before printing its start-up block:\n${output}`,
        ),
      ),
    );
  });
  // Callers that only poll the URL need not handle a rejected block.
  block.catch(() => undefined);
  return {
    output: () => output,
    block,
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch (error) {
        // ESRCH: the whole group has ended already.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
      return closed;
    },
  };
}

/** Polls `GET <url>/api/status` until it answers 200; resolves with the milliseconds since `since`. */
export async function waitForStatus(
  url: string,
  since: number,
  timeoutMs: number,
): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(`${url}/api/status`);
      // sleep-ok: the start-up time the benchmark reports
      if (response.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    // sleep-ok: the deadline of a wait on another process
    if (performance.now() - since > timeoutMs)
      throw new Error(`${url}/api/status did not answer 200 within ${timeoutMs} ms`);
    // sleep-ok: a server starting in another process says nothing until it answers
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
