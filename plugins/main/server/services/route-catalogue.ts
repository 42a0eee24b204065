/**
 * The managed-API route catalogue (`catalogue/routes.json` at the top of the tree, generated from the
 * API's OpenAPI document) as `GET /api/routes?format=catalogue` serves it to our console: read once,
 * served as the same bytes with an ETag. Without a format the route answers as the reference
 * product's developer tools read it, grouped by method; `grouped()` serves that.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  BodyField,
  RouteCatalogue as CatalogueData,
  RouteEntry,
  RouteParam,
} from '@catalogue/types';

export const ROUTE_CATALOGUE_PATH = join(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  'catalogue',
  'routes.json',
);

export interface RouteCatalogueFile {
  body: Buffer;
  etag: string;
}

/**
 * One route as the reference product's console reads it (`{name, args, query, body, tags}`), path
 * parameters written `:name` as its own file writes them.
 */
export interface GroupedEndpoint {
  name: string;
  tags: string[];
  args: Array<{ name: string; required: boolean; schema: Record<string, unknown> }>;
  query: Array<{ name: string; required: boolean; schema: Record<string, unknown> }>;
  body: Array<{ type: 'object'; properties: Record<string, unknown>; required: string[] }>;
}

function param({ name, required, ...schema }: RouteParam): GroupedEndpoint['args'][number] {
  return { name, required, schema };
}

/** A path argument as the reference product names it: with a leading colon (`:agent_id`). */
function pathArg(route: RouteParam): GroupedEndpoint['args'][number] {
  return { ...param(route), name: `:${route.name}` };
}

/** `/agents/{agent_id}/key` as the reference product writes it: `/agents/:agent_id/key`. */
function colonPath(path: string): string {
  return path.replace(/\{([^}/]+)\}/g, ':$1');
}

function bodySchemas(fields: BodyField[] | undefined): GroupedEndpoint['body'] {
  if (!fields?.length) return [];
  const properties = Object.fromEntries(
    fields.map(({ name, required: _required, ...schema }) => [name, schema]),
  );
  const required = fields.filter((field) => field.required).map((field) => field.name);
  return [{ type: 'object', properties, required }];
}

function endpoint(route: RouteEntry): GroupedEndpoint {
  return {
    name: colonPath(route.path),
    tags: route.tag ? [route.tag] : [],
    args: route.pathParams.map(pathArg),
    query: route.queryParams.map(param),
    body: bodySchemas(route.body?.fields),
  };
}

/** `[{method, endpoints}]`, methods in the catalogue's order, routes by path within each. */
export function groupedByMethod(
  catalogue: CatalogueData,
): Array<{ method: string; endpoints: GroupedEndpoint[] }> {
  const groups = new Map<string, GroupedEndpoint[]>();
  for (const route of catalogue.routes) {
    const endpoints = groups.get(route.method) ?? [];
    endpoints.push(endpoint(route));
    groups.set(route.method, endpoints);
  }
  return [...groups].map(([method, endpoints]) => ({ method, endpoints }));
}

function served(body: Buffer): RouteCatalogueFile {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

export class RouteCatalogue {
  private loaded?: Promise<RouteCatalogueFile>;
  private grouping?: Promise<RouteCatalogueFile>;

  constructor(private readonly path: string = ROUTE_CATALOGUE_PATH) {}

  /** Rejects when the file is missing or not JSON; a later call tries again. */
  get(): Promise<RouteCatalogueFile> {
    this.loaded ??= this.load().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  /** The routes grouped by method, as the reference product's console reads them. */
  grouped(): Promise<RouteCatalogueFile> {
    this.grouping ??= this.get()
      .then((file) => {
        const catalogue = JSON.parse(file.body.toString('utf8')) as CatalogueData;
        return served(Buffer.from(JSON.stringify(groupedByMethod(catalogue))));
      })
      .catch((error: unknown) => {
        this.grouping = undefined;
        throw error;
      });
    return this.grouping;
  }

  private async load(): Promise<RouteCatalogueFile> {
    const body = await readFile(this.path);
    JSON.parse(body.toString('utf8'));
    return served(body);
  }
}
