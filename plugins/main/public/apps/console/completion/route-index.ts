/**
 * The route catalogue arranged for completion: one trie per method whose edges are path segments
 * (literal segments by lower-cased text, placeholders by name). Each node keeps the routes below it
 * in catalogue order, so listing the paths that continue what the user typed costs the number of
 * candidates, not the size of the catalogue.
 */
import type { HttpMethod, RouteCatalogue, RouteEntry, RouteParam } from '@catalogue/types';
import { routeInfo } from './schema-docs';

type PathSegment =
  { kind: 'literal'; text: string } | { kind: 'placeholder'; name: string; param?: RouteParam };

export interface IndexedRoute {
  route: RouteEntry;
  segments: PathSegment[];
  /** The path with `<placeholders>`: `/agents/<agent_id>/restart`. */
  display: string;
  info: string;
}

interface TrieNode {
  literals: Map<string, TrieNode>;
  placeholders: Map<string, TrieNode>;
  route?: IndexedRoute;
  /** This node's route and every route further down, in catalogue order. */
  below: IndexedRoute[];
}

/** A path the user may mean, with what they typed kept in place of the placeholders it filled. */
export interface PathCandidate {
  route: IndexedRoute;
  /** Literal segments as the catalogue writes them, placeholders typed over or left as `<name>`. */
  segments: Array<{ text: string; placeholder?: string }>;
  /** True when the segment being typed matched a literal (these come first). */
  literalMatch: boolean;
}

function newNode(): TrieNode {
  return { literals: new Map(), placeholders: new Map(), below: [] };
}

/** `/agents/001/` → `['agents', '001', '']`; `/` → `['']`. */
function pathSegments(path: string): string[] {
  return path.replace(/^\//, '').split('/');
}

function parseSegments(route: RouteEntry): PathSegment[] {
  if (route.path === '/') return [];
  return pathSegments(route.path).map((segment) => {
    const placeholder = /^\{(.+)\}$/.exec(segment)?.[1];
    if (placeholder === undefined) return { kind: 'literal', text: segment };
    return {
      kind: 'placeholder',
      name: placeholder,
      param: route.pathParams.find((param) => param.name === placeholder),
    };
  });
}

function segmentText(segment: PathSegment): string {
  return segment.kind === 'literal' ? segment.text : `<${segment.name}>`;
}

export class RouteIndex {
  private readonly tries = new Map<string, TrieNode>();
  private readonly counts = new Map<string, number>();

  private constructor(routes: RouteEntry[]) {
    for (const route of routes) this.add(route);
  }

  static fromCatalogue(catalogue: Pick<RouteCatalogue, 'routes'>): RouteIndex {
    return new RouteIndex(catalogue.routes);
  }

  static empty(): RouteIndex {
    return new RouteIndex([]);
  }

  /** Number of routes of a method. */
  routeCount(method: string): number {
    return this.counts.get(method) ?? 0;
  }

  private add(route: RouteEntry): void {
    const segments = parseSegments(route);
    const indexed: IndexedRoute = {
      route,
      segments,
      display: `/${segments.map(segmentText).join('/')}`,
      info: '',
    };
    indexed.info = routeInfo(route, indexed.display);
    let node: TrieNode = this.tries.get(route.method) ?? newNode();
    this.tries.set(route.method, node);
    node.below.push(indexed);
    for (const segment of segments) {
      const edges: Map<string, TrieNode> =
        segment.kind === 'literal' ? node.literals : node.placeholders;
      const key = segment.kind === 'literal' ? segment.text.toLowerCase() : segment.name;
      const next: TrieNode = edges.get(key) ?? newNode();
      edges.set(key, next);
      next.below.push(indexed);
      node = next;
    }
    node.route ??= indexed;
    this.counts.set(route.method, (this.counts.get(route.method) ?? 0) + 1);
  }

  /** Nodes reached by the typed segments: literal edges by text, placeholder edges by anything non-empty. */
  private walk(method: HttpMethod | string, typed: string[]): TrieNode[] {
    let nodes = [this.tries.get(method)].filter((node): node is TrieNode => node !== undefined);
    for (const segment of typed) {
      if (nodes.length === 0) break;
      const key = segment.toLowerCase();
      nodes = nodes.flatMap((node) => [
        ...(node.literals.has(key) ? [node.literals.get(key)!] : []),
        ...(segment === '' ? [] : node.placeholders.values()),
      ]);
    }
    return nodes;
  }

  /**
   * The route a concrete path (no query string) calls. A literal segment wins over a placeholder at
   * the same place, so `/agents/summary/status` is not read as an agent id.
   */
  match(method: string, path: string): IndexedRoute | undefined {
    const root = this.tries.get(method);
    if (!root) return undefined;
    const typed = path === '/' ? [] : pathSegments(path.replace(/(.)\/$/, '$1'));
    const find = (node: TrieNode, depth: number): IndexedRoute | undefined => {
      if (depth === typed.length) return node.route;
      const segment = typed[depth];
      const literal = node.literals.get(segment.toLowerCase());
      const viaLiteral = literal && find(literal, depth + 1);
      if (viaLiteral) return viaLiteral;
      if (segment === '') return undefined;
      for (const next of node.placeholders.values()) {
        const found = find(next, depth + 1);
        if (found) return found;
      }
      return undefined;
    };
    return find(root, 0);
  }

  /**
   * Paths that continue `typedPath` (what is left of the cursor, starting with `/`): the last segment
   * is a prefix of a literal, or the start of a placeholder's value; earlier ones must match whole.
   */
  candidates(method: string, typedPath: string): PathCandidate[] {
    const typed = pathSegments(typedPath);
    const complete = typed.slice(0, -1);
    const partial = typed[typed.length - 1];
    const prefix = partial.toLowerCase();
    const literalNodes: TrieNode[] = [];
    const placeholderNodes: TrieNode[] = [];
    for (const node of this.walk(method, complete)) {
      for (const [key, next] of node.literals) if (key.startsWith(prefix)) literalNodes.push(next);
      placeholderNodes.push(...node.placeholders.values());
    }
    const fill = (route: IndexedRoute) =>
      route.segments.map((segment, position) => {
        if (position < complete.length)
          return segment.kind === 'literal' ? { text: segment.text } : { text: complete[position] };
        if (segment.kind === 'literal') return { text: segment.text };
        if (position === complete.length && partial !== '') return { text: partial };
        return { text: `<${segment.name}>`, placeholder: segment.name };
      });
    const candidate = (literalMatch: boolean) => (route: IndexedRoute) => ({
      route,
      segments: fill(route),
      literalMatch,
    });
    // The root route (`GET /`) has no segment: it is offered while nothing past the `/` is typed.
    const root = this.tries.get(method)?.route;
    const rootRoutes = root && complete.length === 0 && partial === '' ? [root] : [];
    // A route lies under exactly one node of each depth, so the lists below never repeat a route.
    return [
      ...rootRoutes.map(candidate(true)),
      ...literalNodes.flatMap((node) => node.below.map(candidate(true))),
      ...placeholderNodes.flatMap((node) => node.below.map(candidate(false))),
    ];
  }
}
