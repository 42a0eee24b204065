/**
 * The daemons' statistics: remoted and analysisd of the manager (`manager:read`) or of a cluster node
 * (`cluster:read` on it), and an agent's logcollector and agent components (`agent:read`, active
 * agents only, as the agent answers them itself).
 */
import { MANAGER_ID } from '../data/agents';
import type { Session } from '../http/context';
import { AffectedItems } from '../http/envelope';
import { NODE_NAME, codedProblem } from '../http/problem';
import { errorNode, requireResourceless } from '../rbac/guard';
import type { SimulatorState } from '../state';
import { targetNode } from './cluster';
import { readableAgent } from './inventory';

export type StatsDaemon = 'remoted' | 'analysisd';

function statistics(item: Record<string, unknown>, message: string) {
  const result = new AffectedItems<Record<string, unknown>>({
    all: message,
    some: message,
    none: message,
  });
  result.items.push(item);
  return result.render();
}

/** The node this API runs on: the master in a cluster. */
function localNode(state: SimulatorState): string {
  return state.cluster?.local.name ?? NODE_NAME;
}

export function managerDaemonStats(state: SimulatorState, session: Session, daemon: StatsDaemon) {
  requireResourceless(session, 'manager:read');
  return statistics(
    state.daemonStats[daemon](localNode(state)),
    'Statistical information for each node was successfully read',
  );
}

export function nodeDaemonStats(
  state: SimulatorState,
  session: Session,
  nodeId: string,
  daemon: StatsDaemon,
) {
  targetNode(state, session, nodeId);
  return statistics(
    state.daemonStats[daemon](nodeId),
    'Statistical information for each node was successfully read',
  );
}

const LOCATIONS = [
  { location: '/var/log/syslog', eventsPerMinute: 12, bytesPerEvent: 140 },
  { location: '/var/log/auth.log', eventsPerMinute: 3, bytesPerEvent: 120 },
  { location: '/var/log/dpkg.log', eventsPerMinute: 0.2, bytesPerEvent: 90 },
  { location: 'df -P', eventsPerMinute: 0.5, bytesPerEvent: 89 },
  { location: 'last -n 20', eventsPerMinute: 0.1, bytesPerEvent: 66 },
];
/** logcollector's interval counters cover this long. */
const LOGCOLLECTOR_INTERVAL_MS = 60_000;

function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

function logcollectorFiles(fromMs: number, toMs: number) {
  const minutes = Math.max(0, (toMs - fromMs) / 60_000);
  return LOCATIONS.map(({ location, eventsPerMinute, bytesPerEvent }) => {
    const events = Math.floor(minutes * eventsPerMinute);
    return {
      location,
      events,
      bytes: events * bytesPerEvent,
      targets: [{ name: 'agent', drops: 0 }],
    };
  });
}

/** `GET /agents/{agent_id}/stats/{component}`: logcollector's files and the agent's connection. */
export function agentComponentStats(
  state: SimulatorState,
  session: Session,
  agentId: string,
  component: string,
) {
  const agent = readableAgent(state, session, agentId, 'agent:read');
  if (!agent) throw codedProblem(1701, { node: errorNode(session) });
  if (agent.n !== MANAGER_ID && state.agents.get(agent.n)?.status !== 'active')
    throw codedProblem(1740, { node: errorNode(session) });
  const now = state.now();
  const started = Math.min(agent.scannedAt * 1000, now);
  const message = 'Statistical information for each agent was successfully read';
  if (component === 'logcollector') {
    const intervalStart = Math.max(started, now - LOGCOLLECTOR_INTERVAL_MS);
    return statistics(
      {
        global: {
          start: isoSeconds(started),
          end: isoSeconds(now),
          files: logcollectorFiles(started, now),
        },
        interval: {
          start: isoSeconds(intervalStart),
          end: isoSeconds(now),
          files: logcollectorFiles(intervalStart, now),
        },
      },
      message,
    );
  }
  if (component === 'agent') {
    const sent = Math.floor((now - started) / 1000);
    return statistics(
      {
        status: 'connected',
        last_keepalive: isoSeconds(now - 10_000),
        last_ack: isoSeconds(now - 2_000),
        msg_count: sent + 12,
        msg_sent: sent,
        msg_buffer: 0,
        buffered_msgs: 0,
        buffer_enabled: true,
      },
      message,
    );
  }
  throw codedProblem(1101, { node: errorNode(session) });
}
