/**
 * The command palette's search: an entry matches when every word of the query is in its title, its
 * category or its keywords; titles that are the query, then start with it, then hold every word come
 * first, and ties keep the navigation's order.
 */
import type { NavEntry } from './nav-entries';

export function searchNavEntries(entries: readonly NavEntry[], query: string): NavEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries
    .map((entry, index) => ({ entry, index, rank: rankOf(entry, words) }))
    .filter(
      (ranked): ranked is { entry: NavEntry; index: number; rank: number } =>
        ranked.rank !== undefined,
    )
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ entry }) => entry);
}

function rankOf(entry: NavEntry, words: string[]): number | undefined {
  const title = entry.title.toLowerCase();
  const text = [title, entry.category?.label ?? '', ...entry.keywords].join(' ').toLowerCase();
  if (!words.every((word) => text.includes(word))) return undefined;
  const phrase = words.join(' ');
  if (title === phrase) return 0;
  if (title.startsWith(phrase)) return 1;
  if (words.every((word) => title.includes(word))) return 2;
  return 3;
}
