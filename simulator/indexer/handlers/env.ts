/** What every handler reads: the indices, the points in time, the clock and the node's identity. */
import type { PointsInTime } from '../pit';
import type { Store } from '../store';

export interface Env {
  store: Store;
  /** Legacy index templates by name (`/_template`). */
  templates: Map<string, Json>;
  pits: PointsInTime;
  clock: () => number;
  version: string;
  clusterName: string;
  clusterUuid: string;
  maxBuckets: number;
}

export type Json = Record<string, unknown>;

/** OpenSearch's boolean URL parameters: absent → fallback, `''`/`true` → true. */
export function flag(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = query.get(name);
  if (value === null) return fallback;
  return value === '' || value === 'true';
}

export function shards(count: number): Json {
  return { total: count, successful: count, skipped: 0, failed: 0 };
}
