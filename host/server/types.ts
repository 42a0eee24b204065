/**
 * The server-side contract plugins are written against (OpenSearch Dashboards shapes).
 * Plugins import only this file and `host/schema` from the host; everything else reaches them
 * through `setup(core, deps)` and `start(core, deps)`.
 */
import type { Readable } from 'node:stream';
import type { Client } from '@opensearch-project/opensearch';
import type { Type } from '../schema';
import { savedObjectsErrors } from './errors';

/** Concurrent callers for one key share one run (see host/common/single-flight). */
export { singleFlight } from '../common/single-flight';
export { isResponseTooLarge as isIndexerResponseTooLarge } from './opensearch/bounded-response';

// ---------------------------------------------------------------- logging

export type LogMeta = Record<string, unknown>;

export interface Logger {
  trace(message: string, meta?: LogMeta): void;
  debug(message: string, meta?: LogMeta): void;
  info(message: string, meta?: LogMeta): void;
  warn(messageOrError: string | Error, meta?: LogMeta): void;
  error(messageOrError: string | Error, meta?: LogMeta): void;
  fatal(messageOrError: string | Error, meta?: LogMeta): void;
  /** Child logger whose context is this one's joined with `parts` by `.`. */
  get(...parts: string[]): Logger;
}

export interface LoggerFactory {
  get(...parts: string[]): Logger;
  /**
   * Host extension: `text` with the values of secret-looking query and form parameters (`password`,
   * `token`, `api_key`, …) censored, as every log line has them; for plugins that write files of their own.
   */
  redactSecrets(text: string): string;
}

// ---------------------------------------------------------------- plugins

export interface PluginManifest {
  id: string;
  version: string;
  opensearchDashboardsVersion: string;
  configPath: string | string[];
  requiredPlugins: readonly string[];
  optionalPlugins: readonly string[];
  requiredBundles: readonly string[];
  server: boolean;
  ui: boolean;
}

export interface PackageInfo {
  version: string;
  branch: string;
  buildNum: number;
  buildSha: string;
  dist: boolean;
}

export interface PluginInitializerContext<ConfigType = unknown> {
  opaqueId: symbol;
  env: {
    mode: { name: 'development' | 'production'; dev: boolean; prod: boolean };
    packageInfo: PackageInfo;
    instanceUuid: string;
  };
  logger: LoggerFactory;
  config: {
    /** The plugin's config subtree (at `configPath`), validated with the plugin's `config.schema`. */
    get(): ConfigType;
    /** Host-level settings every plugin may read (OSD's `legacy.globalConfig$`, as a plain frozen object here). */
    legacy: { globalConfig: SharedGlobalConfig };
  };
  /** Folders the host owns; `data` is `SVC_DATA_DIR`. */
  paths: { data: string };
}

/** Host operating settings shared with every plugin. */
export interface SharedGlobalConfig {
  path: { data: string };
  /** `SVC_ENCRYPTION_KEY` (or `encryptionKey` in the config file): the secret plugins derive keys for stored secrets from. */
  encryptionKey?: string;
}

/** What a plugin's `server/index.ts` may export as `config`. */
export interface PluginConfigDescriptor<T = unknown> {
  schema: Type<T>;
  /**
   * Keys renamed in the plugin's config, dotted and relative to its config path
   * (`{ from: 'csv.max_rows', to: 'csv.maxRows' }`): the old key is still read, with a warning.
   */
  renames?: ReadonlyArray<{ from: string; to: string }>;
  exposeToBrowser?: { [K in keyof T]?: boolean };
}

export interface Plugin<
  TSetup = unknown,
  TStart = unknown,
  TDepsSetup = object,
  TDepsStart = object,
> {
  setup(core: CoreSetup<TDepsStart, TStart>, deps: TDepsSetup): TSetup | Promise<TSetup>;
  start(core: CoreStart, deps: TDepsStart): TStart | Promise<TStart>;
  stop?(): void | Promise<void>;
}

export type PluginInitializer<
  TSetup = unknown,
  TStart = unknown,
  TDepsSetup = object,
  TDepsStart = object,
> = (context: PluginInitializerContext) => Plugin<TSetup, TStart, TDepsSetup, TDepsStart>;

// ---------------------------------------------------------------- HTTP

export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteConfigOptions {
  /** Default true. `'optional'` lets unauthenticated requests through with `request.auth.isAuthenticated` false. */
  authRequired?: boolean | 'optional';
  /** Default true for non-GET routes: they need an `osd-xsrf` header. */
  xsrfRequired?: boolean;
  tags?: readonly string[];
  /**
   * Host extension: only signed-in users holding this role reach the route; others get 403 before
   * the body is read or validated.
   */
  requiredRole?: string;
  /**
   * Host extension: at most `points` requests per signed-in user every `durationSeconds` (answers
   * past it: 429 with `Retry-After`), counted in this instance's memory.
   */
  perUserRateLimit?: { points: number; durationSeconds: number };
  body?: {
    maxBytes?: number;
    output?: 'data' | 'stream';
    parse?: boolean;
    accepts?: string | string[];
  };
  timeout?: { payload?: number; idleSocket?: number };
  /** Default true: answers over 1 KB are compressed when the client accepts it. */
  compress?: boolean;
}

export type RouteValidationFunction<T> = (
  data: unknown,
  result: {
    ok(value: T): { value: T };
    badRequest(error: Error | string, path?: string[]): { error: Error };
  },
) => { value: T } | { error: Error };

export type RouteValidationSpec<T> = Type<T> | RouteValidationFunction<T>;

export interface RouteValidatorConfig<P, Q, B> {
  params?: RouteValidationSpec<P>;
  query?: RouteValidationSpec<Q>;
  body?: RouteValidationSpec<B>;
}

export interface RouteConfig<P, Q, B> {
  /** Absolute path, hapi syntax: `/api/x/{id}`, optional `{id?}`, rest `{path*}`. */
  path: string;
  validate: RouteValidatorConfig<P, Q, B> | false;
  options?: RouteConfigOptions;
}

export interface AuthenticatedUser {
  username: string;
  roles: string[];
}

/** The client's side of a request, as far as a handler watches it (host extension). */
export interface ClientConnection {
  /** True once the client went away before the response was complete. */
  readonly gone: boolean;
  /**
   * Calls `listener` once if the client goes away before the response is complete; returns what
   * stops watching. An event listener rather than a signal: it costs no AbortController per call.
   */
  onGone(listener: () => void): () => void;
}

export interface OsdRequest<P = unknown, Q = unknown, B = unknown> {
  id: string;
  uuid: string;
  url: URL;
  route: {
    path: string;
    method: RouteMethod;
    options: Required<Pick<RouteConfigOptions, 'authRequired' | 'xsrfRequired' | 'tags'>>;
  };
  headers: Readonly<Record<string, string | string[] | undefined>>;
  params: P;
  query: Q;
  body: B;
  isSystemRequest: boolean;
  auth: { isAuthenticated: boolean };
  /** Aborted when the client goes away before the response is complete (host extension). */
  signal: AbortSignal;
  /** The same event as `signal`, for the hot paths that watch it without an AbortController. */
  connection: ClientConnection;
}

export type ResponseHeaders = Record<string, string | string[]>;
/** JSON (an object or array: a contract interface as it is), text, bytes or a stream. */
export type ResponseBody = object | string | Buffer | Readable | undefined;
export type ErrorBody = string | Error | { message: string; attributes?: Record<string, unknown> };

export interface HttpResponseOptions {
  body?: ResponseBody;
  headers?: ResponseHeaders;
}
export interface ErrorResponseOptions {
  body?: ErrorBody;
  headers?: ResponseHeaders;
}
export interface CustomResponseOptions {
  statusCode: number;
  body?: ResponseBody | ErrorBody;
  headers?: ResponseHeaders;
}

/** Made only by the response factory; the router rejects anything else with a 500. */
export interface OsdResponse {
  readonly status: number;
  readonly payload?: unknown;
  readonly options: { headers?: ResponseHeaders };
}

export interface ResponseFactory {
  ok(options?: HttpResponseOptions): OsdResponse;
  accepted(options?: HttpResponseOptions): OsdResponse;
  noContent(options?: { headers?: ResponseHeaders }): OsdResponse;
  redirected(
    options: HttpResponseOptions & { headers: { location: string } & ResponseHeaders },
  ): OsdResponse;
  badRequest(options?: ErrorResponseOptions): OsdResponse;
  unauthorized(options?: ErrorResponseOptions): OsdResponse;
  forbidden(options?: ErrorResponseOptions): OsdResponse;
  notFound(options?: ErrorResponseOptions): OsdResponse;
  conflict(options?: ErrorResponseOptions): OsdResponse;
  internalError(options?: ErrorResponseOptions): OsdResponse;
  customError(options: {
    statusCode: number;
    body?: ErrorBody;
    headers?: ResponseHeaders;
  }): OsdResponse;
  custom(options: CustomResponseOptions): OsdResponse;
}

export interface RequestHandlerContext {
  core: {
    savedObjects: { client: SavedObjectsClientContract; typeRegistry: SavedObjectTypeRegistry };
    uiSettings: { client: UiSettingsClient };
    security: { currentUser: AuthenticatedUser | null };
  };
  [contextName: string]: unknown;
}

export type RequestHandler<
  P = unknown,
  Q = unknown,
  B = unknown,
  Context extends RequestHandlerContext = RequestHandlerContext,
> = (
  context: Context,
  request: OsdRequest<P, Q, B>,
  response: ResponseFactory,
) => OsdResponse | Promise<OsdResponse>;

export type RouteRegistrar<Context extends RequestHandlerContext = RequestHandlerContext> = <
  P = unknown,
  Q = unknown,
  B = unknown,
>(
  route: RouteConfig<P, Q, B>,
  handler: RequestHandler<P, Q, B, Context>,
) => void;

export interface IRouter<Context extends RequestHandlerContext = RequestHandlerContext> {
  routerPath: string;
  get: RouteRegistrar<Context>;
  post: RouteRegistrar<Context>;
  put: RouteRegistrar<Context>;
  patch: RouteRegistrar<Context>;
  delete: RouteRegistrar<Context>;
  /** Turns thrown Boom-like errors (saved-object errors) into their HTTP status instead of a 500. */
  handleLegacyErrors<P, Q, B>(
    handler: RequestHandler<P, Q, B, Context>,
  ): RequestHandler<P, Q, B, Context>;
}

export type ContextProvider<T> = (
  context: Partial<RequestHandlerContext> & Pick<RequestHandlerContext, 'core'>,
  request: OsdRequest,
  response: ResponseFactory,
) => T | Promise<T>;

export interface OnPreResponseToolkit {
  next(extra?: { headers?: ResponseHeaders }): { kind: 'next'; headers?: ResponseHeaders };
}
export type OnPreResponseHandler = (
  request: OsdRequest,
  response: { statusCode: number },
  toolkit: OnPreResponseToolkit,
) => ReturnType<OnPreResponseToolkit['next']> | Promise<ReturnType<OnPreResponseToolkit['next']>>;

export interface IBasePath {
  /** Configured prefix (`SVC_BASE_PATH`), '' by default. */
  serverBasePath: string;
  get(request: OsdRequest): string;
  prepend(path: string): string;
  remove(path: string): string;
}

export interface HttpServerInfo {
  name: string;
  hostname: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface HttpServiceSetup {
  createRouter<Context extends RequestHandlerContext = RequestHandlerContext>(): IRouter<Context>;
  registerRouteHandlerContext<T>(contextName: string, provider: ContextProvider<T>): void;
  registerOnPreResponse(handler: OnPreResponseHandler): void;
  basePath: IBasePath;
  auth: {
    get(request: OsdRequest): {
      status: 'authenticated' | 'unauthenticated';
      state: { authInfo?: AuthInfo };
    };
    isAuthenticated(request: OsdRequest): boolean;
  };
  getServerInfo(): HttpServerInfo;
}

export interface HttpServiceStart {
  basePath: IBasePath;
  auth: HttpServiceSetup['auth'];
  getServerInfo(): HttpServerInfo;
}

/** Shape of `GET /api/v1/auth/authinfo`. */
export interface AuthInfo {
  user_name: string;
  roles: string[];
  backend_roles: string[];
}

// ---------------------------------------------------------------- saved objects

export type SavedObjectsNamespaceType = 'single' | 'multiple' | 'agnostic';

export interface SavedObjectsFieldMapping {
  type?: string;
  properties?: Record<string, SavedObjectsFieldMapping>;
  dynamic?: boolean | 'strict' | 'false';
  index?: boolean;
  enabled?: boolean;
  fields?: Record<string, SavedObjectsFieldMapping>;
}

export interface SavedObjectsTypeMappingDefinition {
  dynamic?: boolean | 'strict' | 'false';
  properties: Record<string, SavedObjectsFieldMapping>;
}

export interface SavedObjectsType {
  name: string;
  hidden: boolean;
  namespaceType: SavedObjectsNamespaceType;
  mappings: SavedObjectsTypeMappingDefinition;
}

export interface SavedObjectTypeRegistry {
  getType(name: string): Readonly<SavedObjectsType> | undefined;
  getAllTypes(): ReadonlyArray<Readonly<SavedObjectsType>>;
  isHidden(name: string): boolean;
  isNamespaceAgnostic(name: string): boolean;
  isSingleNamespace(name: string): boolean;
  isMultiNamespace(name: string): boolean;
}

export interface SavedObjectReference {
  name: string;
  type: string;
  id: string;
}

export interface SavedObjectError {
  statusCode: number;
  error: string;
  message: string;
}

export interface SavedObject<T = unknown> {
  id: string;
  type: string;
  attributes: T;
  references: SavedObjectReference[];
  /** Opaque optimistic-concurrency token: base64 of `[seq_no, primary_term]`. */
  version?: string;
  updated_at?: string;
  namespaces?: string[];
  error?: SavedObjectError;
}

export interface SavedObjectsBaseOptions {
  namespace?: string;
}

export interface SavedObjectsCreateOptions extends SavedObjectsBaseOptions {
  id?: string;
  overwrite?: boolean;
  version?: string;
  references?: SavedObjectReference[];
  initialNamespaces?: string[];
}

export interface SavedObjectsUpdateOptions extends SavedObjectsBaseOptions {
  version?: string;
  references?: SavedObjectReference[];
}

export interface SavedObjectsUpdateResponse<T = unknown> extends Omit<
  SavedObject<T>,
  'attributes' | 'references'
> {
  attributes: Partial<T>;
  references: SavedObjectReference[] | undefined;
}

export interface SavedObjectsDeleteOptions extends SavedObjectsBaseOptions {
  force?: boolean;
}

export interface SavedObjectsFindOptions extends SavedObjectsBaseOptions {
  type: string | string[];
  page?: number;
  perPage?: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
  fields?: string[];
  search?: string;
  searchFields?: string[];
  hasReference?: { type: string; id: string };
  defaultSearchOperator?: 'AND' | 'OR';
  namespaces?: string[];
}

export interface SavedObjectsFindResult<T = unknown> extends SavedObject<T> {
  score: number;
}

export interface SavedObjectsFindResponse<T = unknown> {
  page: number;
  per_page: number;
  total: number;
  saved_objects: Array<SavedObjectsFindResult<T>>;
}

export interface SavedObjectsBulkGetObject {
  type: string;
  id: string;
  fields?: string[];
}

export interface SavedObjectsClientContract {
  create<T = unknown>(
    type: string,
    attributes: T,
    options?: SavedObjectsCreateOptions,
  ): Promise<SavedObject<T>>;
  bulkCreate<T = unknown>(
    objects: Array<{
      type: string;
      id?: string;
      attributes: T;
      references?: SavedObjectReference[];
      version?: string;
    }>,
    options?: SavedObjectsBaseOptions & { overwrite?: boolean },
  ): Promise<{ saved_objects: Array<SavedObject<T>> }>;
  get<T = unknown>(
    type: string,
    id: string,
    options?: SavedObjectsBaseOptions,
  ): Promise<SavedObject<T>>;
  bulkGet<T = unknown>(
    objects: SavedObjectsBulkGetObject[],
    options?: SavedObjectsBaseOptions,
  ): Promise<{ saved_objects: Array<SavedObject<T>> }>;
  update<T = unknown>(
    type: string,
    id: string,
    attributes: Partial<T>,
    options?: SavedObjectsUpdateOptions,
  ): Promise<SavedObjectsUpdateResponse<T>>;
  delete(
    type: string,
    id: string,
    options?: SavedObjectsDeleteOptions,
  ): Promise<Record<string, never>>;
  find<T = unknown>(options: SavedObjectsFindOptions): Promise<SavedObjectsFindResponse<T>>;
  /** Error helpers, as `SavedObjectsClient.errors` in OSD. */
  errors: SavedObjectsErrorHelpers;
}

export type ISavedObjectsRepository = Omit<SavedObjectsClientContract, 'errors'>;

/** Boom-like error thrown by saved-object operations. */
export interface SavedObjectsClientError extends Error {
  isBoom: true;
  output: { statusCode: number; payload: SavedObjectError; headers: Record<string, string> };
}

export interface SavedObjectsErrorHelpers {
  isNotFoundError(error: unknown): boolean;
  isConflictError(error: unknown): boolean;
  isBadRequestError(error: unknown): boolean;
  isInvalidVersionError(error: unknown): boolean;
  isSavedObjectsClientError(error: unknown): error is SavedObjectsClientError;
  createGenericNotFoundError(type?: string, id?: string): SavedObjectsClientError;
  createConflictError(type: string, id: string): SavedObjectsClientError;
  createBadRequestError(reason: string): SavedObjectsClientError;
}

/**
 * Recognises and creates saved-object errors without a client, as OpenSearch Dashboards'
 * `SavedObjectsErrorHelpers` (the internal repository has no `errors`): code tests what an error is,
 * never its HTTP status.
 */
export const SavedObjectsErrorHelpers: SavedObjectsErrorHelpers = savedObjectsErrors;

export interface SavedObjectsServiceSetup {
  registerType(type: SavedObjectsType): void;
}

export interface SavedObjectsServiceStart {
  getScopedClient(
    request: OsdRequest,
    options?: { includedHiddenTypes?: string[] },
  ): SavedObjectsClientContract;
  createInternalRepository(includedHiddenTypes?: string[]): ISavedObjectsRepository;
  getTypeRegistry(): SavedObjectTypeRegistry;
}

// ---------------------------------------------------------------- uiSettings

export interface UiSettingsParams<T = unknown> {
  name?: string;
  value?: T;
  description?: string;
  category?: string[];
  type?: 'json' | 'markdown' | 'number' | 'select' | 'boolean' | 'string' | 'array';
  options?: string[];
  requiresPageReload?: boolean;
  readonly?: boolean;
  schema: Type<T>;
}

export interface UiSettingsClient {
  get<T = unknown>(key: string): Promise<T>;
  getAll(): Promise<Record<string, unknown>>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

// ---------------------------------------------------------------- security and coordination

export interface SecurityServiceSetup {
  /** `{ username, roles }` of the dashboard user behind the request, or null when unauthenticated. */
  getCurrentUser(request: OsdRequest): AuthenticatedUser | null;
}
export interface SecurityServiceStart extends SecurityServiceSetup {
  /** A dashboard user (never their password hash), or undefined when there is none by that name. */
  getUser(
    username: string,
  ): Promise<{ username: string; roles: string[]; updated_at: string } | undefined>;
}

/**
 * Cluster-wide mutual exclusion for background jobs: with several instances on one database a job
 * guarded by a lock runs on one instance at a time (host extension; SQLite: in-process, PostgreSQL: advisory lock).
 */
export interface CoordinationServiceStart {
  /** Runs `task` if the named lock is free; resolves `{ acquired: false }` without running it otherwise. */
  withLock<T>(
    name: string,
    task: () => Promise<T>,
  ): Promise<{ acquired: true; result: T } | { acquired: false }>;
  /**
   * True for the first instance to claim `key` (e.g. one scheduled run of a job, named by its time)
   * while the claim lives, false for every other caller until it ends `ttlMs` later.
   */
  claimRun(key: string, ttlMs: number): Promise<boolean>;
}

/**
 * Lines for the block the dashboard prints once it listens (its URL, how to log in), so a plugin can
 * tell the person starting it something they need to know (host extension).
 */
export interface StartupNoticesStart {
  /** Adds one short line; call it during `start` (later lines are only logged). */
  add(text: string): void;
}

// ---------------------------------------------------------------- opensearch

/** An `@opensearch-project/opensearch` client, as `core.opensearch.createClient` gives it. */
export type OpenSearchClient = Client;

/** What a plugin tells the host about the indexer it reads (the plugin reads its own settings). */
export interface OpenSearchClientConfig {
  /** The nodes' URLs; a request that fails on one node is tried on the next. */
  hosts: readonly string[];
  username?: string;
  password?: string;
  /** PEM contents of the authorities the nodes' certificates are checked against. */
  certificateAuthorities?: readonly string[];
  /** `full`: chain and host name; `certificate`: chain only; `none`: nothing is checked. */
  verificationMode: 'full' | 'certificate' | 'none';
  /** Time limit of one attempt on one node until its answer's headers (ms). */
  requestTimeoutMs: number;
  /**
   * Most bytes of one answer, compressed and inflated alike; past it the answer is cut and the call
   * fails with an error `isIndexerResponseTooLarge` tells.
   */
  maxResponseBytes: number;
}

/** One node of a client as its node pool sees it. */
export interface OpenSearchNodeState {
  /** As configured (credentials are never in it: the host takes them separately). */
  url: string;
  /** False once a call failed there: the pool skips it until it tries it again. */
  alive: boolean;
  /** When it became alive or dead (the client's creation for a node that never changed). */
  since: Date;
  /** The last failure met there, in the client's words (addresses included: not for users). */
  lastFailure?: { message: string; at: Date };
}

export interface OpenSearchServiceStart {
  /** A new client; the host closes it when the dashboard stops. */
  createClient(config: OpenSearchClientConfig): OpenSearchClient;
  /** Each node of a client this service created, in the configured order. */
  nodeStates(client: OpenSearchClient): OpenSearchNodeState[];
}

// ---------------------------------------------------------------- core

export interface CoreSetup<TPluginsStart = object, TStart = unknown> {
  http: HttpServiceSetup;
  savedObjects: SavedObjectsServiceSetup;
  uiSettings: { register(settings: Record<string, UiSettingsParams>): void };
  security: SecurityServiceSetup;
  getStartServices(): Promise<[CoreStart, TPluginsStart, TStart]>;
}

export interface CoreStart {
  http: HttpServiceStart;
  savedObjects: SavedObjectsServiceStart;
  uiSettings: { asScopedToClient(client: SavedObjectsClientContract): UiSettingsClient };
  security: SecurityServiceStart;
  coordination: CoordinationServiceStart;
  startupNotices: StartupNoticesStart;
  opensearch: OpenSearchServiceStart;
}
