/**
 * The managed API's success envelopes: the "affected items" result of list and mutation calls, and the
 * plain `{data, error: 0}` result. Per-item failures never change the HTTP status; they are grouped by
 * error into `failed_items` and reflected in `error` (0 complete, 1 nothing affected, 2 partial).
 */
import { ERROR_CODES, type ErrorCode } from './errors';
import { RawJson } from './raw-json';

export type ItemId = string | number;

export interface FailedItem {
  error: { code: number; message: string; remediation?: string };
  id: ItemId[];
}

export interface AffectedItemsEnvelope<T> {
  data: {
    affected_items: T[];
    total_affected_items: number;
    total_failed_items: number;
    failed_items: FailedItem[];
    [extra: string]: unknown;
  };
  message: string;
  error: 0 | 1 | 2;
}

/** What list services return: the envelope, or the same document pre-serialised. */
export type ListBody = AffectedItemsEnvelope<Record<string, unknown>> | RawJson;

export interface ResultMessages {
  /** Everything asked for was done (also the message of an empty but complete result with failures 0). */
  all: string;
  some: string;
  none: string;
}

function compareIds(ids: ItemId[]): (a: ItemId, b: ItemId) => number {
  const numeric = ids.every((id) => /^\d+$/.test(String(id)));
  return numeric
    ? (a, b) => Number(a) - Number(b)
    : (a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
}

const EMPTY_PAGE_PREFIX = '{"data":{"affected_items":[]';

export class AffectedItems<T> {
  private readonly failures = new Map<string, FailedItem>();
  items: T[] = [];
  /** Matches before paging for lists; affected count for mutations (defaults to `items.length`). */
  total?: number;
  /** Items already serialised, used instead of `items` by `body()`. */
  private itemsJson?: string[];

  constructor(private readonly messages: ResultMessages) {}

  /** Records that `id` failed with `code`; `detail` replaces the message, `extra` is appended to it. */
  fail(code: ErrorCode, id: ItemId, options: { extra?: string; detail?: string } = {}): void {
    const definition = ERROR_CODES[code];
    const message =
      options.detail ??
      (options.extra ? `${definition.message}: ${options.extra}` : definition.message);
    const key = `${code}\u0000${message}`;
    let entry = this.failures.get(key);
    if (!entry) {
      entry = { error: { code, message }, id: [] };
      if ('remediation' in definition && definition.remediation)
        entry.error.remediation = definition.remediation;
      this.failures.set(key, entry);
    }
    entry.id.push(id);
  }

  /** Takes a list page: its items, or its pre-serialised items, and its total. */
  setPage(page: { total: number; items?: T[]; json?: string[] }): void {
    this.total = page.total;
    if (page.json) this.itemsJson = page.json;
    else this.items = page.items ?? [];
  }

  /** The envelope, as raw JSON when the page came pre-serialised. */
  body(extraData: Record<string, unknown> = {}): AffectedItemsEnvelope<T> | RawJson {
    const envelope = this.render(extraData);
    if (!this.itemsJson) return envelope;
    // `data.affected_items` is the first key, so the document starts with this prefix.
    const json = JSON.stringify(envelope);
    return new RawJson(
      `${EMPTY_PAGE_PREFIX.slice(0, -1)}${this.itemsJson.join(',')}${json.slice(EMPTY_PAGE_PREFIX.length - 1)}`,
    );
  }

  get failedCount(): number {
    let count = 0;
    for (const entry of this.failures.values()) count += entry.id.length;
    return count;
  }

  render(extraData: Record<string, unknown> = {}): AffectedItemsEnvelope<T> {
    const failed = [...this.failures.values()].sort((a, b) => a.error.code - b.error.code);
    for (const entry of failed) entry.id.sort(compareIds(entry.id));
    const totalAffected = this.total ?? (this.itemsJson ?? this.items).length;
    const totalFailed = this.failedCount;
    const message =
      totalAffected === 0
        ? this.messages.none
        : totalFailed === 0
          ? this.messages.all
          : this.messages.some;
    const error = totalFailed === 0 ? 0 : totalAffected === 0 ? 1 : 2;
    return {
      data: {
        affected_items: this.items,
        total_affected_items: totalAffected,
        total_failed_items: totalFailed,
        failed_items: failed,
        ...extraData,
      },
      message,
      error,
    };
  }
}

/** `{data, error: 0}` with an optional message (login, summaries, version check...). */
export function dataResult<T>(data: T, message?: string): { data: T; message?: string; error: 0 } {
  return message === undefined ? { data, error: 0 } : { data, message, error: 0 };
}
