/**
 * Sample alerts shaped like a Wazuh manager's: per category a mix of kinds, spread over the last
 * days, for the given agents and manager (and cluster), the same for the same seed.
 */
import type { AlertsSampleDataCategory } from '@main/common/alerts/api';
import * as kinds from './alert-kinds';
import type { AgentLike, AlertKind } from './alert-kinds';
import { SampleRandom } from './random';

export type { AgentLike } from './alert-kinds';

/** The kinds each category holds (the original's categories, with this dashboard's kinds). */
const CATEGORY_KINDS: Record<AlertsSampleDataCategory, readonly AlertKind[]> = {
  security: [
    kinds.authentication,
    kinds.ssh,
    kinds.syscheck,
    kinds.aws,
    kinds.gcp,
    kinds.office365,
    kinds.github,
  ],
  'auditing-policy-monitoring': [kinds.rootcheck, kinds.virustotal, kinds.yara],
  'threat-detection': [kinds.vulnerability, kinds.mitre, kinds.docker],
};

const DAY_MS = 86_400_000;

export interface SampleAlertsContext {
  /** At least one; the alerts are spread over them. */
  agents: readonly AgentLike[];
  /** `manager.name` of every alert. */
  manager: string;
  /** `cluster.name` and `cluster.node` when the manager runs a cluster. */
  cluster?: { name: string; node: string };
  /** End of the time range (ms). */
  now: number;
  /** Length of the time range (ms); default 7 days. */
  rangeMs?: number;
  seed: number;
}

export type SampleAlert = Record<string, unknown> & { timestamp: string };

function alertFrom(
  random: SampleRandom,
  kind: AlertKind,
  time: Date,
  context: SampleAlertsContext,
): SampleAlert {
  const agent = random.pick(context.agents);
  const body = kind(random, agent, time);
  const firedtimes = random.int(1, 40);
  return {
    timestamp: time.toISOString(),
    rule: { ...body.rule, firedtimes, mail: body.rule.level >= 12 },
    agent: { id: agent.id, name: agent.name, ...(agent.ip && { ip: agent.ip }) },
    manager: { name: context.manager },
    ...(context.cluster && { cluster: { ...context.cluster } }),
    id: `${Math.floor(time.getTime() / 1000)}.${random.int(1000, 99_999_999)}`,
    input: { type: 'log' },
    decoder: body.decoder,
    location: body.location,
    ...(body.predecoder && { predecoder: body.predecoder }),
    ...(body.full_log && { full_log: body.full_log }),
    ...(body.data && { data: body.data }),
    ...(body.syscheck && { syscheck: body.syscheck }),
  };
}

/** `count` alerts of `category`, oldest first. */
export function generateSampleAlerts(
  category: AlertsSampleDataCategory,
  count: number,
  context: SampleAlertsContext,
): SampleAlert[] {
  if (context.agents.length === 0) throw new Error('Sample alerts need at least one agent.');
  const random = new SampleRandom(context.seed);
  const range = context.rangeMs ?? 7 * DAY_MS;
  const categoryKinds = CATEGORY_KINDS[category];
  const times = Array.from(
    { length: count },
    () => context.now - Math.floor(random.next() * range),
  );
  times.sort((a, b) => a - b);
  return times.map((time, index) =>
    alertFrom(random, categoryKinds[index % categoryKinds.length], new Date(time), context),
  );
}

/** One alert of any kind at `time` (the demo's live alerts). */
export function liveAlert(
  random: SampleRandom,
  time: number,
  context: Omit<SampleAlertsContext, 'now' | 'rangeMs' | 'seed'>,
): SampleAlert {
  const all = Object.values(CATEGORY_KINDS).flat();
  return alertFrom(random, random.pick(all), new Date(time), {
    ...context,
    now: time,
    seed: 0,
  });
}
