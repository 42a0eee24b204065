/** Everything a running simulator holds: data, accounts, tokens, gates, knobs and counters. */
import { Accounts } from './auth/accounts';
import { LoginGuard } from './auth/login-guard';
import { RequestRateLimiter } from './auth/rate-limiter';
import { TokenService } from './auth/tokens';
import { AgentStore } from './data/agents';
import { Cluster } from './data/cluster';
import { DaemonStats } from './data/daemon-stats';
import { ManagerLog } from './data/manager-log';
import { type Ruleset, buildRuleset } from './data/ruleset';
import { ScaCatalogue } from './data/sca';
import type { VersionCheckMode } from './data/version-check';
import { type FaultKnobs, createFaultKnobs } from './faults';
import { NODE_NAME } from './http/problem';
import type { ResolvedOptions } from './options';
import type { RunAsRule } from './rbac/run-as-rules';
import { GroupConfigurations } from './ruleset/group-configurations';
import { RulesetFiles } from './ruleset/files';
import { LogtestSessions } from './ruleset/log-decoding';

export interface SimulatorStats {
  /** API requests received (control-path requests excluded). */
  requests: number;
  /** Responses by `<METHOD> <path template>` (unmatched paths under `unmatched`). */
  byRoute: Record<string, number>;
  /** Responses by HTTP status. */
  byStatus: Record<string, number>;
  logins: number;
  failedLogins: number;
  /** Connections open right now. */
  openConnections: number;
}

export interface SimulatorState {
  options: ResolvedOptions;
  now: () => number;
  startedAt: number;
  agents: AgentStore;
  /** The cluster this manager is the master of; undefined for a single manager. */
  cluster?: Cluster;
  /** The log of the node answering (the master's in a cluster). */
  managerLog: ManagerLog;
  /** remoted's and analysisd's statistics, per node. */
  daemonStats: DaemonStats;
  ruleset: Ruleset;
  rulesetFiles: RulesetFiles;
  logtest: LogtestSessions;
  groupConfigurations: GroupConfigurations;
  /** When the daemons are back after a manager restart (ms; 0 when none was asked). */
  managerRestartEndsAt: number;
  sca: ScaCatalogue;
  accounts: Accounts;
  tokens: TokenService;
  runAsRules: RunAsRule[];
  loginGuard?: LoginGuard;
  rateLimiter?: RequestRateLimiter;
  faults: FaultKnobs;
  versionCheck: { mode: VersionCheckMode; checkedAt: number };
  /** Upgrade tasks created so far (each upgraded agent gets the next task id). */
  upgradeTasks: number;
  stats: SimulatorStats;
  /** Draws for the failure-rate knob (seeded, so a run is repeatable). */
  random: () => number;
}

function emptyStats(): SimulatorStats {
  return { requests: 0, byRoute: {}, byStatus: {}, logins: 0, failedLogins: 0, openConnections: 0 };
}

export function createState(options: ResolvedOptions, random: () => number): SimulatorState {
  const { now } = options;
  const startedAt = now();
  const tokens = new TokenService(options.tokenLifetimeSeconds, now);
  const faults = createFaultKnobs({
    get: () => tokens.lifetimeSeconds,
    set: (seconds) => {
      tokens.lifetimeSeconds = seconds;
    },
  });
  Object.assign(faults, options.faults);
  const ruleset = buildRuleset(options.seed);
  const cluster = options.cluster && new Cluster(options.cluster, options.seed, startedAt, now);
  return {
    options,
    now,
    startedAt,
    agents: new AgentStore({
      seed: options.seed,
      count: options.agents,
      epochMs: startedAt,
      now,
      nodes: cluster?.nodes.map((node) => node.name),
    }),
    cluster,
    managerLog:
      cluster?.log(cluster.local.name) ??
      new ManagerLog({ seed: options.seed, node: NODE_NAME, startedAt, now }),
    daemonStats: new DaemonStats(options.seed, startedAt, now),
    ruleset,
    rulesetFiles: new RulesetFiles(ruleset),
    logtest: new LogtestSessions(ruleset, now),
    groupConfigurations: new GroupConfigurations(),
    managerRestartEndsAt: 0,
    sca: new ScaCatalogue(options.seed),
    accounts: new Accounts(options.roles, options.users),
    tokens,
    runAsRules: options.runAsRules,
    loginGuard: options.loginBlocking && new LoginGuard(options.loginBlocking, now),
    rateLimiter:
      options.requestsPerMinute === undefined
        ? undefined
        : new RequestRateLimiter(options.requestsPerMinute, now),
    faults,
    versionCheck: { mode: options.versionCheck, checkedAt: startedAt },
    upgradeTasks: 0,
    stats: emptyStats(),
    random,
  };
}
