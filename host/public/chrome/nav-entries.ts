/**
 * What the navigation and the command palette list: every visible app and its deep links, each with
 * the dashboard path it opens and the category it sits in, grouped as OpenSearch Dashboards' left
 * navigation groups apps (one group per `AppCategory`, by the category's `order`; apps without a
 * category after the groups).
 */
import { appPath } from '../application/app-router';
import type { RegisteredApp } from '../application/application-registry';
import type { AppCategory } from '../types';

export interface NavEntry {
  /** `<appId>` for an app, `<appId>:<deepLinkId>` for a deep link. */
  id: string;
  appId: string;
  title: string;
  /** Dashboard path without the base path: `/app/svc-server?tab=logs`. */
  link: string;
  category?: AppCategory;
  euiIconType?: string;
  /** For a deep link listed under its app: that app's title (shown indented below it). */
  parentTitle?: string;
  /** Words the command palette matches besides the title and the category. */
  keywords: string[];
}

export interface NavGroup {
  /** Undefined for the apps without a category. */
  category?: AppCategory;
  entries: NavEntry[];
}

const LAST = Number.MAX_SAFE_INTEGER;

interface Ordered {
  order?: number;
  title: string;
}

function byOrderThenTitle(a: Ordered, b: Ordered): number {
  return (a.order ?? LAST) - (b.order ?? LAST) || a.title.localeCompare(b.title);
}

/** Apps (already in nav order) and their deep links, grouped by category. */
export function navGroups(apps: readonly RegisteredApp[]): NavGroup[] {
  const groups = new Map<
    string | undefined,
    { category?: AppCategory; items: Array<Ordered & { entries: NavEntry[] }> }
  >();
  const groupOf = (category: AppCategory | undefined) => {
    const key = category?.id;
    let group = groups.get(key);
    if (!group) {
      group = { category, items: [] };
      groups.set(key, group);
    }
    return group;
  };

  for (const app of apps) {
    const appEntry: NavEntry = {
      id: app.id,
      appId: app.id,
      title: app.title,
      link: app.appRoute,
      category: app.category,
      euiIconType: app.euiIconType,
      keywords: [],
    };
    const nested: NavEntry[] = [];
    for (const deepLink of [...(app.deepLinks ?? [])].sort(byOrderThenTitle)) {
      const entry: NavEntry = {
        id: `${app.id}:${deepLink.id}`,
        appId: app.id,
        title: deepLink.title,
        link: appPath(app.appRoute, deepLink.path),
        category: deepLink.category ?? app.category,
        euiIconType: deepLink.euiIconType,
        keywords: [app.title, ...(deepLink.keywords ?? [])],
      };
      if (deepLink.category) {
        groupOf(deepLink.category).items.push({ ...deepLink, entries: [entry] });
      } else {
        nested.push({ ...entry, parentTitle: app.title });
      }
    }
    groupOf(app.category).items.push({ ...app, entries: [appEntry, ...nested] });
  }

  return [...groups.values()]
    .sort((a, b) => {
      if (!a.category || !b.category) return a.category ? -1 : b.category ? 1 : 0;
      return byOrderThenTitle(
        { order: a.category.order, title: a.category.label },
        { order: b.category.order, title: b.category.label },
      );
    })
    .map(({ category, items }) => ({
      category,
      entries: items.sort(byOrderThenTitle).flatMap((item) => item.entries),
    }));
}

/** "Server › Logs" for a deep link listed under its app, the title otherwise. */
export function entryLabel(entry: NavEntry): string {
  return entry.parentTitle ? `${entry.parentTitle} › ${entry.title}` : entry.title;
}

/**
 * The entry the current location shows: the one whose path is the location's and whose query
 * parameters the location carries too (a module page with its host and range still is that module);
 * the most specific wins, so `/app/svc-server?tab=logs` is Logs and not Server.
 */
export function entryOfLocation(
  entries: readonly NavEntry[],
  location: { pathname: string; search: string },
): NavEntry | undefined {
  const current = new URLSearchParams(location.search);
  const pathname = location.pathname.replace(/\/$/, '') || '/';
  let best: { entry: NavEntry; score: number } | undefined;
  for (const entry of entries) {
    const url = new URL(entry.link, 'http://dashboard.invalid');
    const params = [...url.searchParams];
    const samePath = url.pathname === pathname;
    const withinApp = !samePath && pathname.startsWith(`${url.pathname}/`);
    // An app's entry stands for every page of the app; a deep link only for its own.
    const isApp = entry.id === entry.appId;
    if (!(samePath || (withinApp && isApp))) continue;
    if (!params.every(([key, value]) => current.get(key) === value)) continue;
    const score = (samePath ? 2 : 1) * 100 + params.length;
    if (!best || score > best.score) best = { entry, score };
  }
  return best?.entry;
}
