/**
 * Points in time as OpenSearch 2.x keeps them: a frozen copy of the named indices' documents (later
 * writes do not show), an id, a keep-alive each search may extend, and 404 once expired or deleted.
 */
import { randomBytes } from 'node:crypto';
import type { DocsView } from './documents';
import { shardFailure, simpleError } from './errors';
import type { Index } from './store';

export interface PointInTime {
  id: string;
  indices: Array<{ index: Index; view: DocsView }>;
  creationTime: number;
  expiresAt: number;
  keepAliveMs: number;
}

const TIME_UNITS: Record<string, number> = {
  nanos: 1e-6,
  micros: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** `5m`, `30s`, `1h` as OpenSearch's time values. */
export function parseTimeValue(text: string, setting: string): number {
  const match = /^(\d+)(nanos|micros|ms|s|m|h|d)$/.exec(text.trim());
  if (!match) {
    throw simpleError(
      400,
      'illegal_argument_exception',
      `failed to parse setting [${setting}] with value [${text}] as a time value: unit is missing or unrecognized`,
    );
  }
  return Number(match[1]) * TIME_UNITS[match[2]];
}

/** OpenSearch caps a point in time's keep-alive at `point_in_time.max_keep_alive` (24h). */
const MAX_KEEP_ALIVE_MS = 86_400_000;

export class PointsInTime {
  private readonly pits = new Map<string, PointInTime>();

  constructor(private readonly clock: () => number) {}

  create(indices: Index[], keepAlive: string): PointInTime {
    const keepAliveMs = this.checkedKeepAlive(keepAlive);
    this.expire();
    const now = this.clock();
    const pit: PointInTime = {
      id: randomBytes(48).toString('base64url'),
      indices: indices.map((index) => ({ index, view: index.docs.view(true) })),
      creationTime: now,
      expiresAt: now + keepAliveMs,
      keepAliveMs,
    };
    this.pits.set(pit.id, pit);
    return pit;
  }

  /** The point in time for a search, extended by the search's `keep_alive` when it sends one. */
  use(id: string, keepAlive: string | undefined): PointInTime {
    this.expire();
    const pit = this.pits.get(id);
    if (!pit) {
      throw shardFailure(404, '_na_', {
        type: 'search_context_missing_exception',
        reason: `No search context found for id [${id.length > 40 ? id.slice(0, 40) : id}]`,
      });
    }
    if (keepAlive !== undefined) {
      pit.keepAliveMs = this.checkedKeepAlive(keepAlive);
      pit.expiresAt = this.clock() + pit.keepAliveMs;
    }
    return pit;
  }

  delete(ids: string[]): Array<{ pit_id: string; successful: boolean }> {
    this.expire();
    return ids.map((id) => ({ pit_id: id, successful: this.pits.delete(id) }));
  }

  deleteAll(): Array<{ pit_id: string; successful: boolean }> {
    this.expire();
    const ids = [...this.pits.keys()];
    this.pits.clear();
    return ids.map((id) => ({ pit_id: id, successful: true }));
  }

  list(): PointInTime[] {
    this.expire();
    return [...this.pits.values()];
  }

  private checkedKeepAlive(keepAlive: string): number {
    const ms = parseTimeValue(keepAlive, 'keep_alive');
    if (ms > MAX_KEEP_ALIVE_MS) {
      throw simpleError(
        400,
        'illegal_argument_exception',
        `Keep alive for request (${keepAlive}) is too large. It must be less than (1d). This limit can be set by changing the [point_in_time.max_keep_alive] cluster level setting.`,
      );
    }
    return ms;
  }

  private expire(): void {
    const now = this.clock();
    for (const [id, pit] of this.pits) if (pit.expiresAt <= now) this.pits.delete(id);
  }
}
