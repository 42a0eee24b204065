/** Everything a running simulator holds: data, accounts, tokens, gates, knobs and counters. */
import { createHash } from 'node:crypto';
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
import { OssecConfs } from './data/ossec-conf';
import { UpgradeTasks } from './data/upgrade-tasks';
import { type FaultKnobs, createFaultKnobs } from './faults';
import { NODE_NAME } from './http/problem';
import type { ResolvedOptions } from './options';
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
  /** Each node's ossec.conf (the manager's under its node name when it runs alone). */
  ossecConfs: OssecConfs;
  /** authd's password, asked of enrolling agents when `auth.use_password` is `yes`. */
  enrollmentPassword: string;
  /** When the daemons are back after a manager (or master) restart (ms; 0 when none was asked). */
  managerRestartEndsAt: number;
  /** When each restarted worker answers again (ms). */
  workerRestartEndsAt: Map<string, number>;
  /** How long a restart keeps a node's daemons down (ms); the control path can change it. */
  restartMs: number;
  sca: ScaCatalogue;
  accounts: Accounts;
  tokens: TokenService;
  loginGuard?: LoginGuard;
  rateLimiter?: RequestRateLimiter;
  faults: FaultKnobs;
  versionCheck: { mode: VersionCheckMode; checkedAt: number };
  /** The task manager's upgrade tasks. */
  upgradeTasks: UpgradeTasks;
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
    ossecConfs: new OssecConfs(
      cluster?.nodes ?? [{ name: NODE_NAME, type: 'master', ip: '' }],
      cluster?.name,
    ),
    enrollmentPassword: createHash('sha256')
      .update(`authd.pass/${options.seed}`)
      .digest('hex')
      .slice(0, 32),
    managerRestartEndsAt: 0,
    workerRestartEndsAt: new Map(),
    restartMs: options.managerRestartMs,
    sca: new ScaCatalogue(options.seed),
    accounts: new Accounts(options.roles, options.users, options.runAsRules),
    tokens,
    loginGuard: options.loginBlocking && new LoginGuard(options.loginBlocking, now),
    rateLimiter:
      options.requestsPerMinute === undefined
        ? undefined
        : new RequestRateLimiter(options.requestsPerMinute, now),
    faults,
    versionCheck: { mode: options.versionCheck, checkedAt: startedAt },
    upgradeTasks: new UpgradeTasks(now, options.upgradeMs),
    stats: emptyStats(),
    random,
  };
}
