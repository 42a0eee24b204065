/**
 * The managed-API route catalogue (`routes.json` next to this file), generated from the API's OpenAPI
 * document by `npm run catalogue -- <spec.yaml> [out.json]`. It sits apart from the main plugin
 * (whose console and `GET /api/routes` read it) and the simulator (which serves it), so neither
 * imports the other.
 *
 * It holds facts only: methods, paths, parameter names and their schema constraints, body field names,
 * types and required flags. No summary or description text is copied from the document.
 *
 * Ordering is stable so regenerating from the same document gives the same bytes:
 * routes by path then method (GET, POST, PUT, DELETE, PATCH, HEAD, OPTIONS); path parameters in the order
 * they appear in the path; query parameters and body fields by name.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export type SchemaType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

/** Constraints of one value (a parameter, an array element or a body field), as the document states them. */
export interface ValueSchema {
  type?: SchemaType;
  /** Named format of the API's validator (`numbers`, `names`, `alphanumeric`, `timeframe`, `int32`, ...). */
  format?: string;
  enum?: Array<string | number | boolean>;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  /** Element constraints when `type` is `array`. */
  items?: ValueSchema;
}

/** A path or query parameter. */
export interface RouteParam extends ValueSchema {
  name: string;
  required: boolean;
}

/**
 * A request body field. Nested objects list their own `fields`; arrays of objects describe their
 * element fields in `items.fields`. Fields of `allOf` parts are merged; fields of `oneOf`/`anyOf`
 * alternatives are merged too, and are `required` only when every alternative requires them.
 */
export interface BodyField extends ValueSchema {
  name: string;
  required: boolean;
  fields?: BodyField[];
  items?: BodyFieldItems;
}

export interface BodyFieldItems extends ValueSchema {
  fields?: BodyField[];
}

export interface RouteBody {
  /** Media types the operation accepts, sorted. */
  contentTypes: string[];
  required: boolean;
  /** Type of the body itself (`object` for JSON documents, `string` for file uploads). */
  type?: SchemaType;
  format?: string;
  /** Top-level fields when the body is an object with declared properties. */
  fields?: BodyField[];
}

export interface RouteEntry {
  method: HttpMethod;
  /** Path with `{placeholders}`, exactly as the document writes it (`/agents/{agent_id}/restart`). */
  path: string;
  /** The document's tag for the operation (`Agents`, `Rules`, ...), a name usable to group routes. */
  tag?: string;
  /** RBAC actions the operation requires (`agent:read`), when the document lists them. */
  rbacActions?: string[];
  /** True when the operation authenticates with HTTP Basic instead of a bearer token. */
  basicAuth?: boolean;
  deprecated?: boolean;
  pathParams: RouteParam[];
  queryParams: RouteParam[];
  body?: RouteBody;
  /** Media types of the 200 response, sorted. */
  responseContentTypes: string[];
}

/** One RBAC action of the document's `x-rbac-catalog`: the resource types it applies to. */
export interface RbacActionEntry {
  /** Resource types (`agent:id`, `*:*`), in the document's order. */
  resources: string[];
}

/** The document's RBAC catalogue: resource types and actions (names and facts, no description text). */
export interface RbacCatalogue {
  resources: string[];
  actions: Record<string, RbacActionEntry>;
}

export interface RouteCatalogue {
  generatedFrom: { title: string; version: string };
  routes: RouteEntry[];
  /** Absent in catalogues built before it was added (and in small test catalogues). */
  rbac?: RbacCatalogue;
}
