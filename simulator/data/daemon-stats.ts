/**
 * The statistics the manager's daemons write to their state files, per cluster node: remoted's
 * totals since the daemon started (bytes, events, control messages) and its sessions and queue now,
 * analysisd's decoded totals and its counts and queue usage over the last state interval. Figures
 * follow the clock, seeded per node, so two reads a few minutes apart differ as a live manager's do.
 * A node can be made to drop events: while it does, its queues run full and both daemons count drops.
 */
import { unit } from './random';

/** How often the daemons rewrite their state files (`remoted.state_interval`, `analysisd.state_interval`). */
const STATE_INTERVAL_SECONDS = 5;

const QUEUE_SIZE = 16384;
const REMOTED_QUEUE_SIZE = 131072;
const ANALYSISD_QUEUES = [
  'syscheck',
  'syscollector',
  'rootcheck',
  'sca',
  'hostinfo',
  'winevt',
  'dbsync',
  'upgrade',
  'event',
  'rule_matching',
  'alerts',
  'firewall',
  'statistical',
  'archives',
] as const;
/** Share of the decoded events each decoder queue takes. */
const DECODED_SHARES = {
  syscheck: 0.08,
  syscollector: 0.12,
  rootcheck: 0.02,
  sca: 0.03,
  winevt: 0.15,
  other: 0.6,
} as const;

/** Events a node receives per second on average (varied per node and interval). */
const EVENTS_PER_SECOND = 40;

function nodeSalt(node: string): number {
  let salt = 7;
  for (const char of node) salt = (Math.imul(salt, 31) + char.charCodeAt(0)) >>> 0;
  return salt;
}

export class DaemonStats {
  /** Nodes dropping events now. */
  private readonly dropping = new Set<string>();

  constructor(
    private readonly seed: number,
    private readonly startedAt: number,
    private readonly now: () => number,
  ) {}

  setDropping(node: string, dropping: boolean): void {
    if (dropping) this.dropping.add(node);
    else this.dropping.delete(node);
  }

  /** The interval under way, and a 0–1 draw for it and the node (figures move per interval). */
  private interval(node: string, salt: number): { index: number; draw: number } {
    const index = Math.floor((this.now() - this.startedAt) / (STATE_INTERVAL_SECONDS * 1000));
    return { index, draw: unit(this.seed ^ nodeSalt(node), index, salt) };
  }

  private elapsedSeconds(): number {
    return Math.max(1, Math.floor((this.now() - this.startedAt) / 1000));
  }

  remoted(node: string): Record<string, number> {
    const dropping = this.dropping.has(node);
    const { draw } = this.interval(node, 1);
    const events = Math.round(this.elapsedSeconds() * EVENTS_PER_SECOND * (0.8 + 0.4 * draw));
    const queued = dropping ? REMOTED_QUEUE_SIZE : Math.round(REMOTED_QUEUE_SIZE * 0.05 * draw);
    return {
      queue_size: queued,
      total_queue_size: REMOTED_QUEUE_SIZE,
      tcp_sessions: 3 + Math.round(draw * 4),
      evt_count: events,
      ctrl_msg_count: Math.round(events / 4),
      discarded_count: dropping ? Math.round(events * 0.02) + 1 : 0,
      sent_bytes: events * 86,
      recv_bytes: events * 512,
      dequeued_after_close: 0,
    };
  }

  analysisd(node: string): Record<string, number> {
    const dropping = this.dropping.has(node);
    const { draw } = this.interval(node, 2);
    const received = Math.round(STATE_INTERVAL_SECONDS * EVENTS_PER_SECOND * (0.8 + 0.4 * draw));
    const dropped = dropping ? Math.round(received * 0.25) + 1 : 0;
    const totalDecoded = Math.round(this.elapsedSeconds() * EVENTS_PER_SECOND);
    const decoded = Object.fromEntries(
      Object.entries(DECODED_SHARES).map(([decoder, share]) => [
        `${decoder}_events_decoded`,
        Math.round(totalDecoded * share),
      ]),
    );
    const queues = Object.fromEntries(
      ANALYSISD_QUEUES.flatMap((queue, at) => {
        const usage = dropping && queue === 'event' ? 1 : unit(this.seed, at, draw * 1000) * 0.2;
        return [
          [`${queue}_queue_usage`, Math.round(usage * 100) / 100],
          [`${queue}_queue_size`, QUEUE_SIZE],
        ];
      }),
    );
    return {
      total_events_decoded: totalDecoded,
      ...decoded,
      dbsync_messages_dispatched: Math.round(totalDecoded * 0.1),
      events_processed: received - dropped,
      events_received: received,
      events_dropped: dropped,
      alerts_written: Math.round((received - dropped) * 0.05),
      firewall_written: 0,
      fts_written: Math.round(draw * 2),
      ...queues,
    };
  }
}
