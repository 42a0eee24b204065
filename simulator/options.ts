/** Options of `startManagedApi` and what they default to. */
import type { ApiRoleDefinition, ApiUserDefinition } from './auth/accounts';
import { DEFAULT_LOGIN_BLOCKING, type LoginBlockingOptions } from './auth/login-guard';
import type { ClusterOptions } from './data/cluster';
import type { VersionCheckMode } from './data/version-check';
import type { FaultKnobs } from './faults';
import { DEFAULT_RUN_AS_RULES, type RunAsRule } from './rbac/run-as-rules';

export interface ManagedApiOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Serve HTTPS with a freshly generated self-signed certificate (default false). */
  https?: boolean;
  /** Generated agents besides the manager's agent 000 (default 50, up to 1,000,000). */
  agents?: number;
  /** Seed of the generated data set (default 1): same seed, same agents, rules and SCA results. */
  seed?: number;
  /** Lifetime of issued tokens (default 900 s, the API's `auth_token_exp_timeout`). */
  tokenLifetimeSeconds?: number;
  /** Failed-login IP blocking: false (default) or the API's thresholds (defaults 50 attempts / 300 s). */
  loginBlocking?: false | Partial<LoginBlockingOptions>;
  /** Global per-minute request limit: false (default) or a count (the API's default is 300). */
  requestsPerMinute?: false | number;
  /** Initial answer of `GET /manager/version/check` (default `up-to-date`). */
  versionCheck?: VersionCheckMode;
  /** `api_version` of `GET /` (default `4.14.7`), to play another manager release. */
  apiVersion?: string;
  /**
   * Run as a cluster's master (default: a single manager, cluster disabled): `GET /cluster/status` says
   * enabled, `/cluster/local/info` names `node`, and `/cluster/nodes` lists it with the `workers`.
   */
  cluster?: ClusterOptions;
  /** Security rules mapping run_as auth contexts to roles (default: see `rbac/run-as-rules.ts`). */
  runAsRules?: RunAsRule[];
  /** Extra API users (the built-in ones of `users.ts` always exist). */
  users?: ApiUserDefinition[];
  /** Extra roles, usable by `users` and `runAsRules`. */
  roles?: ApiRoleDefinition[];
  /** Initial fault knobs. */
  faults?: Partial<Omit<FaultKnobs, 'tokenLifetimeSeconds'>>;
  /** How long the daemons restart after `PUT /manager/restart` (default 3000 ms). */
  managerRestartMs?: number;
  /** How long an agent upgrade task stays in progress (default 5000 ms). */
  upgradeMs?: number;
  /** Clock (ms), for tests that move time. */
  now?: () => number;
  /** How the latency and slow-body faults wait (default: a timer), for tests that hold the wait. */
  pause?: (ms: number) => Promise<void>;
  /**
   * Serve the unauthenticated control path `/__simulator/*` (default false). Only code that starts
   * the simulator for tests or benches turns it on: anyone who can reach the API could break it.
   */
  controlPath?: boolean;
}

const MAX_AGENTS = 1_000_000;

export interface ResolvedOptions {
  port: number;
  host: string;
  https: boolean;
  agents: number;
  seed: number;
  tokenLifetimeSeconds: number;
  loginBlocking: LoginBlockingOptions | undefined;
  requestsPerMinute: number | undefined;
  versionCheck: VersionCheckMode;
  apiVersion: string | undefined;
  cluster: ClusterOptions | undefined;
  runAsRules: RunAsRule[];
  users: ApiUserDefinition[];
  roles: ApiRoleDefinition[];
  faults: Partial<Omit<FaultKnobs, 'tokenLifetimeSeconds'>>;
  managerRestartMs: number;
  upgradeMs: number;
  now: () => number;
  pause: (ms: number) => Promise<void>;
  controlPath: boolean;
}

export function resolveOptions(options: ManagedApiOptions = {}): ResolvedOptions {
  const agents = options.agents ?? 50;
  if (!Number.isInteger(agents) || agents < 0 || agents > MAX_AGENTS)
    throw new RangeError(`agents must be an integer from 0 to ${MAX_AGENTS}`);
  const lifetime = options.tokenLifetimeSeconds ?? 900;
  if (!Number.isInteger(lifetime) || lifetime < 1)
    throw new RangeError('tokenLifetimeSeconds must be an integer >= 1');
  const limit = options.requestsPerMinute;
  if (limit !== undefined && limit !== false && (!Number.isInteger(limit) || limit < 1)) {
    throw new RangeError('requestsPerMinute must be false or an integer >= 1');
  }
  return {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    https: options.https ?? false,
    agents,
    seed: options.seed ?? 1,
    tokenLifetimeSeconds: lifetime,
    loginBlocking: options.loginBlocking
      ? { ...DEFAULT_LOGIN_BLOCKING, ...options.loginBlocking }
      : undefined,
    requestsPerMinute: limit === false ? undefined : limit,
    versionCheck: options.versionCheck ?? 'up-to-date',
    apiVersion: options.apiVersion,
    cluster: options.cluster,
    runAsRules: options.runAsRules ?? DEFAULT_RUN_AS_RULES,
    users: options.users ?? [],
    roles: options.roles ?? [],
    faults: options.faults ?? {},
    managerRestartMs: options.managerRestartMs ?? 3000,
    upgradeMs: options.upgradeMs ?? 5000,
    now: options.now ?? Date.now,
    pause: options.pause ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    controlPath: options.controlPath ?? false,
  };
}
