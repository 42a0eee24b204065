/**
 * Matches request paths against the route catalogue's templates (`/agents/{agent_id}/restart`): a
 * literal segment beats a placeholder, a path that exists under another method is a 405, and anything
 * else a 404 (as the API's routing layer answers).
 */
import type { HttpMethod, RouteCatalogue, RouteEntry } from '../../catalogue/types';

export interface RouteMatch {
  route: RouteEntry;
  /** URL-decoded values of the path placeholders. */
  params: Record<string, string>;
}

export type RouteLookup = { match: RouteMatch } | { status: 404 | 405 };

interface CompiledRoute {
  route: RouteEntry;
  segments: Array<{ literal: string } | { param: string }>;
  literals: number;
}

export class Router {
  private readonly bySegmentCount = new Map<number, CompiledRoute[]>();

  /** `aliases` serves extra paths with another path's declaration (`/security/user/me` → `/security/users/me`). */
  constructor(catalogue: RouteCatalogue, aliases: Record<string, string> = {}) {
    const entries = [...catalogue.routes];
    for (const [alias, target] of Object.entries(aliases)) {
      for (const route of catalogue.routes)
        if (route.path === target) entries.push({ ...route, path: alias });
    }
    for (const route of entries) {
      const segments = route.path
        .split('/')
        .slice(1)
        .map((segment) =>
          /^\{.+\}$/.test(segment) ? { param: segment.slice(1, -1) } : { literal: segment },
        );
      const compiled = {
        route,
        segments,
        literals: segments.filter((segment) => 'literal' in segment).length,
      };
      const list = this.bySegmentCount.get(segments.length) ?? [];
      list.push(compiled);
      this.bySegmentCount.set(segments.length, list);
    }
    for (const list of this.bySegmentCount.values()) list.sort((a, b) => b.literals - a.literals);
  }

  lookup(method: string, pathname: string): RouteLookup {
    const parts = pathname === '/' ? [''] : pathname.replace(/\/$/, '').split('/').slice(1);
    let pathExists = false;
    let best: RouteMatch | undefined;
    let bestLiterals = -1;
    for (const candidate of this.bySegmentCount.get(parts.length) ?? []) {
      if (candidate.literals < bestLiterals) break;
      const params = this.matchSegments(candidate, parts);
      if (!params) continue;
      pathExists = true;
      if (candidate.route.method === (method as HttpMethod)) {
        best = { route: candidate.route, params };
        bestLiterals = candidate.literals;
      }
    }
    if (best) return { match: best };
    return { status: pathExists ? 405 : 404 };
  }

  private matchSegments(
    candidate: CompiledRoute,
    parts: string[],
  ): Record<string, string> | undefined {
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const segment = candidate.segments[i];
      if ('literal' in segment) {
        if (segment.literal !== parts[i]) return undefined;
      } else {
        if (parts[i] === '') return undefined;
        try {
          params[segment.param] = decodeURIComponent(parts[i]);
        } catch {
          return undefined;
        }
      }
    }
    return params;
  }
}
