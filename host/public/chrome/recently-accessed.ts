/**
 * `chrome.recentlyAccessed`: the pages a user opened last, newest first, kept in the browser's
 * localStorage under the signed-in user's name so two people sharing a browser do not see each
 * other's list. Until the user is known (the shell asks the server once), entries live in memory and
 * join the stored list then.
 */
import type { ChromeRecentlyAccessed, ChromeRecentlyAccessedHistoryItem } from '../types';
import { createStore } from '../utils/store';
import { readItem, writeItem } from './browser-storage';

/** OpenSearch Dashboards keeps 20 as well; the navigation shows the first few. */
export const RECENTLY_ACCESSED_MAX_ITEMS = 20;

const STORAGE_KEY_PREFIX = 'svc.recentlyAccessed.';

export class RecentlyAccessed implements ChromeRecentlyAccessed {
  readonly items = createStore<ChromeRecentlyAccessedHistoryItem[]>([]);
  private storageKey?: string;

  /** `storage` is undefined where the browser refuses localStorage (then the list lives in memory). */
  constructor(private readonly storage: Storage | undefined) {}

  /** Reads the user's stored list and keeps it from now on; entries added before go first. */
  useStorageOf(username: string): void {
    this.storageKey = `${STORAGE_KEY_PREFIX}${username}`;
    const merged = bounded([...this.items.get(), ...this.read()]);
    this.items.set(merged);
    this.write(merged);
  }

  add(link: string, label: string, id: string): void {
    const current = this.items.get();
    if (current[0]?.id === id && current[0].link === link) return;
    const next = bounded([{ link, label, id }, ...current]);
    this.items.set(next);
    this.write(next);
  }

  get(): ChromeRecentlyAccessedHistoryItem[] {
    return this.items.get();
  }

  private read(): ChromeRecentlyAccessedHistoryItem[] {
    if (!this.storageKey) return [];
    try {
      const parsed: unknown = JSON.parse(readItem(this.storage, this.storageKey) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isHistoryItem) : [];
    } catch {
      // A list that is not JSON (edited by hand) is dropped rather than trusted.
      return [];
    }
  }

  private write(items: ChromeRecentlyAccessedHistoryItem[]): void {
    if (this.storageKey) writeItem(this.storage, this.storageKey, JSON.stringify(items));
  }
}

/** One entry per id (the first one seen wins), at most the maximum. */
function bounded(items: ChromeRecentlyAccessedHistoryItem[]): ChromeRecentlyAccessedHistoryItem[] {
  const seen = new Set<string>();
  return items
    .filter((item) => !seen.has(item.id) && seen.add(item.id))
    .slice(0, RECENTLY_ACCESSED_MAX_ITEMS);
}

function isHistoryItem(value: unknown): value is ChromeRecentlyAccessedHistoryItem {
  if (typeof value !== 'object' || value === null) return false;
  const { link, label, id } = value as Record<string, unknown>;
  // Only dashboard paths: a stored list must not turn into links to other sites.
  return (
    typeof link === 'string' &&
    link.startsWith('/') &&
    !link.startsWith('//') &&
    typeof label === 'string' &&
    typeof id === 'string'
  );
}
