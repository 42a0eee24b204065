/**
 * The REST paths the stand-in serves, matched segment by segment (a literal segment beats an
 * `{index}` placeholder), with OpenSearch's 405 and "no handler found" answers for the rest.
 */
import type { Reply } from './http';

export interface RouteRequest {
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  text: string;
}

export interface Route<Env> {
  methods: string[];
  path: string;
  /** Endpoint name for the stats (`search`, `bulk`, `create_pit`...). */
  name: string;
  handle(request: RouteRequest, env: Env): Reply | Promise<Reply>;
}

export type Lookup<Env> =
  { route: Route<Env>; params: Record<string, string> } | { reply: Reply; name: string };

export function lookup<Env>(
  routes: Array<Route<Env>>,
  method: string,
  pathname: string,
): Lookup<Env> {
  const parts = pathname.split('/').filter(Boolean);
  let best: { route: Route<Env>; params: Record<string, string>; literals: number } | undefined;
  const allowed = new Set<string>();
  for (const route of routes) {
    const segments = route.path.split('/').filter(Boolean);
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const segment = segments[i];
      if (segment.startsWith('{')) {
        if (parts[i].startsWith('_') && segment === '{index}' && !parts[i].startsWith('_all'))
          ok = false;
        else params[segment.slice(1, -1)] = safeDecode(parts[i]);
      } else if (segment === parts[i]) literals++;
      else ok = false;
    }
    if (!ok) continue;
    if (!route.methods.includes(method)) {
      if (!best || literals > best.literals) route.methods.forEach((item) => allowed.add(item));
      continue;
    }
    if (!best || literals > best.literals) best = { route, params, literals };
  }
  if (best) return { route: best.route, params: best.params };
  if (allowed.size > 0) {
    return {
      name: 'unknown',
      reply: {
        status: 405,
        body: {
          error: `Incorrect HTTP method for uri [${pathname}] and method [${method}], allowed: [${[...allowed].join(', ')}]`,
          status: 405,
        },
        headers: { allow: [...allowed].join(',') },
      },
    };
  }
  return {
    name: 'unknown',
    reply: {
      status: 400,
      body: { error: `no handler found for uri [${pathname}] and method [${method}]` },
    },
  };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
