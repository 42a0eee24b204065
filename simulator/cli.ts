/**
 * `npm run managed-api -- --port 55000 --agents 1000 [--https] [--host 0.0.0.0] [--seed 1]
 *   [--version-check up-to-date|major|minor|patch|all|disabled|error] [--token-lifetime 900]
 *   [--requests-per-minute 300|0] [--login-attempts 50|0] [--block-time 300] [--control-path]
 *   [--cluster]`
 *
 * Runs the simulator in the foreground like a real API would run: the request limit and login blocking
 * are on with the managed API's defaults (300 requests/min, 50 attempts/300 s); 0 turns either off.
 * `--control-path` serves the unauthenticated `/__simulator/*` knobs, for tests and benches only.
 * `--cluster` runs the manager as the master of a cluster with two workers (as demo mode does).
 */
import { parseArgs } from 'node:util';
import { DEMO_CLUSTER } from './data/cluster';
import { VERSION_CHECK_MODES, type VersionCheckMode } from './data/version-check';
import { startManagedApi } from './server';
import { ADMIN_USER, READONLY_USER, RUN_AS_USER } from './users';

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`--${name} must be a non-negative integer, got ${value}`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      agents: { type: 'string' },
      seed: { type: 'string' },
      https: { type: 'boolean' },
      'version-check': { type: 'string' },
      'token-lifetime': { type: 'string' },
      'requests-per-minute': { type: 'string' },
      'login-attempts': { type: 'string' },
      'block-time': { type: 'string' },
      'control-path': { type: 'boolean' },
      cluster: { type: 'boolean' },
    },
  });
  const versionCheck = (values['version-check'] ?? 'up-to-date') as VersionCheckMode;
  if (!VERSION_CHECK_MODES.includes(versionCheck))
    throw new Error(`--version-check must be one of ${VERSION_CHECK_MODES.join(', ')}`);
  const requestsPerMinute = integer('requests-per-minute', values['requests-per-minute'], 300);
  const maxAttempts = integer('login-attempts', values['login-attempts'], 50);
  const api = await startManagedApi({
    port: integer('port', values.port, 55000),
    host: values.host ?? '127.0.0.1',
    agents: integer('agents', values.agents, 50),
    seed: integer('seed', values.seed, 1),
    https: values.https ?? false,
    versionCheck,
    tokenLifetimeSeconds: integer('token-lifetime', values['token-lifetime'], 900),
    requestsPerMinute: requestsPerMinute === 0 ? false : requestsPerMinute,
    loginBlocking:
      maxAttempts === 0
        ? false
        : { maxAttempts, blockSeconds: integer('block-time', values['block-time'], 300) },
    controlPath: values['control-path'] ?? false,
    cluster: values.cluster ? DEMO_CLUSTER : undefined,
  });
  console.log(`managed-API simulator listening on ${api.url}`);
  for (const user of [ADMIN_USER, RUN_AS_USER, READONLY_USER])
    console.log(`  user ${user.username} / ${user.password}`);
  if (values['control-path'])
    console.log(
      '  control path: /__simulator/faults, /__simulator/stats, /__simulator/version-check, /__simulator/log, /__simulator/cluster-node',
    );
  const stop = () => void api.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
