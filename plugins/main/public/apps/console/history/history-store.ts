/**
 * The requests a dashboard user sent from the console, newest first, kept in this browser's
 * localStorage under a key of their own (two users of one browser do not see each other's).
 */
import { z } from 'zod/v4';
import { MANAGED_API_METHODS } from '@main/common/managed-api-request';
import type { SendableRequest } from '../model/request-parser';
import type { ConsoleResponse } from '../services/console-request';

export const HISTORY_LIMIT = 100;

/** Entries saved before the host id had one name inside the dashboard carry it as `hostId`. */
function withCurrentNames(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || !('hostId' in item)) return item;
  const { hostId, ...rest } = item as Record<string, unknown>;
  return { apiHostId: hostId, ...rest };
}

const currentEntrySchema = z.object({
  method: z.enum(MANAGED_API_METHODS),
  path: z.string(),
  body: z.record(z.string(), z.unknown()).optional(),
  apiHostId: z.string(),
  sentAt: z.string(),
  status: z.number().optional(),
  durationMs: z.number(),
});

const entrySchema = z.preprocess(withCurrentNames, currentEntrySchema);

export type HistoryEntry = z.infer<typeof currentEntrySchema>;

export type HistoryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function historyStorageKey(username: string): string {
  return `svc:console:history:${username}`;
}

export function historyEntry(response: ConsoleResponse): HistoryEntry {
  const { method, path, body } = response.request;
  return {
    method,
    path,
    ...(body === undefined ? {} : { body }),
    apiHostId: response.apiHostId,
    sentAt: response.sentAt,
    status: response.status,
    durationMs: Math.round(response.durationMs),
  };
}

export function entryRequest(entry: HistoryEntry): SendableRequest {
  return {
    method: entry.method,
    path: entry.path,
    ...(entry.body === undefined ? {} : { body: entry.body }),
  };
}

export class ConsoleHistory {
  private readonly key: string;

  constructor(
    private readonly storage: HistoryStorage,
    username: string,
  ) {
    this.key = historyStorageKey(username);
  }

  /** The stored entries; entries written by another version in another shape are skipped. */
  list(): HistoryEntry[] {
    const raw = this.storage.getItem(this.key);
    if (!raw) return [];
    let stored: unknown;
    try {
      stored = JSON.parse(raw);
    } catch {
      return [];
    }
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((item) => {
      const parsed = entrySchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** Adds the entry in front, drops the oldest past the limit, and returns the new list. */
  add(entry: HistoryEntry): HistoryEntry[] {
    const entries = [entry, ...this.list()].slice(0, HISTORY_LIMIT);
    this.storage.setItem(this.key, JSON.stringify(entries));
    return entries;
  }

  clear(): void {
    this.storage.removeItem(this.key);
  }
}
