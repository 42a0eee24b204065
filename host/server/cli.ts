/**
 * `npm start` runs this (compiled to `build/host/server/cli.js`): starts the dashboard, tells the person
 * at the terminal where it runs and how to log in the first time, and stops cleanly on SIGINT/SIGTERM.
 */
import type { FirstStartRecord } from './security';
import { startServer, type RunningServer } from './root';

/** The block printed once the dashboard listens: its URL, the first login (first start only), then the plugins' notices. */
export function startupMessage(
  url: string,
  firstStart: FirstStartRecord | undefined,
  notices: readonly string[] = [],
): string {
  const lines = [`The svc security dashboard is running at ${url}`];
  if (firstStart) {
    lines.push(
      firstStart.fromEnv
        ? `Log in as "${firstStart.username}" with the password given in SVC_ADMIN_PASSWORD.`
        : `Log in as "${firstStart.username}" with the generated password stored in ${firstStart.passwordFile} (shown only there; change it after logging in).`,
    );
  }
  lines.push(...notices);
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '-'.repeat(width);
  return [rule, ...lines, rule].join('\n');
}

function installSignalHandlers(server: RunningServer): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl+C means "now": skip the orderly shutdown.
      process.exit(1);
    }
    stopping = true;
    server.logger.info(`Received ${signal}, stopping`);
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

export async function main(): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer();
  } catch (error) {
    process.stderr.write(`The dashboard could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${startupMessage(server.url, server.firstStart, server.startupNotices)}\n`);
  installSignalHandlers(server);
}

if (require.main === module) void main();
