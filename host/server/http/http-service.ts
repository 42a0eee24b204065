/**
 * The HTTP service: Fastify underneath, the plugin contract's router on top. During setup, routers,
 * contexts, interceptors, the auth step and static folders are collected; `start` installs them and
 * `listen` opens the port.
 */
import { hostname } from 'node:os';
import { Readable } from 'node:stream';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type {
  ContextProvider,
  HttpServerInfo,
  HttpServiceSetup,
  HttpServiceStart,
  IBasePath,
  IRouter,
  Logger,
  OnPreResponseHandler,
  OnPreResponseToolkit,
} from '../types';
import { createBasePath, normalizeBasePath } from './base-path';
import {
  type BodyShapeLimits,
  installParsedBodyParsers,
  installRawBodyParser,
  INVALID_JSON_MESSAGE,
  tooLargeMessage,
} from './body-parsers';
import { registerCompression } from './compression';
import { ContextContainer } from './context-container';
import { HostError, HttpStatusError } from '../errors';
import type { CoreContextFactory } from './core-context';
import { errorBody, INTERNAL_ERROR_MESSAGE } from './error-body';
import { authenticatedUserOf, OsdRequestImpl } from './osd-request';
import { buildFastifyRoutes, type Authenticator, type RouteRuntime } from './route-handler';
import { Router, type RouteDefinition } from './router';
import { installSecurityHeaders } from './security-headers';
import { registerStaticAssets, type StaticAssetsOptions } from './static-assets';
import { isPromiseLike } from './promise-like';

export interface HttpServiceConfig {
  host: string;
  port: number;
  /** `SVC_BASE_PATH`; normalized (no trailing slash, '' for none). */
  basePath: string;
  /** Default body size limit of routes (`server.maxPayloadBytes`). */
  maxPayloadBytes: number;
  /** Bounds of parsed bodies (`server.maxBodyDepth`, `server.maxBodyValues`). */
  bodyShape?: BodyShapeLimits;
  /** Time to receive a request's headers (`server.headersTimeoutMs`). */
  headersTimeoutMs?: number;
  /** Time to receive a whole request, headers and body (`server.requestTimeoutMs`). */
  requestTimeoutMs?: number;
  /** PEM certificate, key and optional CA chain: the server speaks HTTPS. */
  tls?: { cert: Buffer; key: Buffer; ca?: Buffer };
  /**
   * Which peers' `X-Forwarded-*` headers are believed: none by default, the proxies' addresses and
   * CIDRs, or a hop count (the nearest hops, whatever their address).
   */
  trustProxy?: false | string[] | number;
  /** Name in `getServerInfo()`; defaults to the machine's host name. */
  name?: string;
  /** How long `stop()` waits for responses in flight (default 10 s). */
  shutdownGraceMs?: number;
}

const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
const DEFAULT_BODY_SHAPE: Readonly<BodyShapeLimits> = Object.freeze({
  maxDepth: 64,
  maxValues: 100_000,
});
const DEFAULT_HEADERS_TIMEOUT_MS = 20_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** A year, with sub-domains left alone: the dashboard does not speak for its parent domain's other hosts. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Fastify 5 trusts no hop for a bare number, since a count cannot check who the nearest peer is; a
 * hop count here is the operator's word that only the proxies reach the dashboard, so it is honoured
 * as a trust function over the hop index.
 */
function fastifyTrustProxy(
  setting: false | string[] | number,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** What host services (security, rendering, status, the plugin system) get from the HTTP service. */
export interface InternalHttpServiceSetup {
  /** A router whose routes and contexts belong to `owner` (a plugin's opaque id, or `CORE_OWNER`). */
  createRouter(owner: symbol): IRouter;
  registerRouteHandlerContext(
    owner: symbol,
    contextName: string,
    provider: ContextProvider<unknown>,
  ): void;
  registerOnPreResponse(handler: OnPreResponseHandler): void;
  /** The one auth step: resolves the user from the request headers (session cookie, Basic). */
  registerAuth(authenticate: Authenticator): void;
  /** Serves a folder under the base path; content-hashed files are cached for a year. */
  registerStaticAssets(options: StaticAssetsOptions): void;
  /** Direct dependencies of each plugin, which decide context visibility. */
  setPluginDependencies(dependencies: ReadonlyMap<symbol, readonly symbol[]>): void;
  basePath: IBasePath;
  auth: HttpServiceSetup['auth'];
  getServerInfo(): HttpServerInfo;
}

export interface HttpServiceStartDeps {
  coreContext: CoreContextFactory;
}

export interface ListeningAddress {
  url: string;
  port: number;
}

type OnPreResponseResult = ReturnType<OnPreResponseToolkit['next']>;

const PRE_RESPONSE_TOOLKIT: OnPreResponseToolkit = {
  next: (extra) => ({ kind: 'next', headers: extra?.headers }),
};

export class HttpService {
  private readonly fastify: FastifyInstance;
  private readonly basePathService: IBasePath;
  private readonly routes: RouteDefinition[] = [];
  private readonly staticFolders: StaticAssetsOptions[] = [];
  private readonly preResponseHandlers: OnPreResponseHandler[] = [];
  private readonly contexts: ContextContainer;
  private pluginDependencies: ReadonlyMap<symbol, readonly symbol[]> = new Map();
  private authenticate?: Authenticator;
  private coreContext?: CoreContextFactory;
  private started = false;
  private port: number;

  constructor(
    private readonly config: HttpServiceConfig,
    private readonly logger: Logger,
  ) {
    this.basePathService = createBasePath(normalizeBasePath(config.basePath));
    this.port = config.port;
    this.contexts = new ContextContainer((owner) => this.pluginDependencies.get(owner) ?? []);
    const headersTimeout = config.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
    const requestTimeout = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const serverOptions = {
      headersTimeout,
      requestTimeout,
      // Node checks both time-outs on this period: keep it well under them so a slow client goes on time.
      connectionsCheckingInterval: Math.min(1000, headersTimeout, requestTimeout),
    };
    const options = {
      logger: false,
      bodyLimit: config.maxPayloadBytes,
      requestTimeout,
      trustProxy: fastifyTrustProxy(config.trustProxy ?? false),
      // On close, idle keep-alive connections end at once; requests in flight get `shutdownGraceMs`.
      forceCloseConnections: 'idle' as const,
      routerOptions: { maxParamLength: 2048 },
    };
    // An HTTPS server is an HTTP server to everything above the socket, so it keeps the HTTP instance's type.
    this.fastify = (
      config.tls
        ? Fastify({ ...options, https: { ...config.tls, ...serverOptions } })
        : Fastify({ ...options, http: serverOptions })
    ) as FastifyInstance;
    this.fastify.decorateRequest('osdUser', null);
    this.fastify.decorateRequest('osdRequest', null);
    installParsedBodyParsers(this.fastify);
    installSecurityHeaders(this.fastify);
    this.installGlobalHandlers();
  }

  setup(): InternalHttpServiceSetup {
    const auth = this.authApi();
    return {
      createRouter: (owner) => new Router(owner, (route) => this.addRoute(route)),
      registerRouteHandlerContext: (owner, name, provider) =>
        this.contexts.register(owner, name, provider),
      registerOnPreResponse: (handler) => this.preResponseHandlers.push(handler),
      registerAuth: (authenticate) => {
        if (this.authenticate) throw new Error('An authentication step is already registered.');
        this.authenticate = authenticate;
      },
      registerStaticAssets: (options) => this.staticFolders.push(options),
      setPluginDependencies: (dependencies) => (this.pluginDependencies = dependencies),
      basePath: this.basePathService,
      auth,
      getServerInfo: () => this.serverInfo(),
    };
  }

  /** Installs every route and static folder; routes cannot be added afterwards. */
  async start(deps: HttpServiceStartDeps): Promise<HttpServiceStart> {
    this.coreContext = deps.coreContext;
    await registerCompression(this.fastify);
    this.installRoutes();
    for (const [index, folder] of this.staticFolders.entries()) {
      await registerStaticAssets(
        this.fastify,
        this.basePathService.serverBasePath,
        folder,
        index === 0,
      );
    }
    await this.fastify.ready();
    this.started = true;
    return {
      basePath: this.basePathService,
      auth: this.authApi(),
      getServerInfo: () => this.serverInfo(),
    };
  }

  async listen(): Promise<ListeningAddress> {
    await this.fastify.listen({ host: this.config.host, port: this.config.port });
    const address = this.fastify.server.address();
    this.port = typeof address === 'object' && address !== null ? address.port : this.config.port;
    const host = this.config.host.includes(':') ? `[${this.config.host}]` : this.config.host;
    return {
      url: `${this.config.tls ? 'https' : 'http'}://${host}:${this.port}${this.basePathService.serverBasePath}`,
      port: this.port,
    };
  }

  /**
   * Stops accepting connections, ends idle ones and lets responses in flight finish; those still
   * running after the grace period (a long download) are cut so a stop never hangs.
   */
  async stop(): Promise<void> {
    const cutOff = setTimeout(
      () => this.fastify.server.closeAllConnections(),
      this.config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
    );
    try {
      await this.fastify.close();
    } finally {
      clearTimeout(cutOff);
    }
  }

  private addRoute(route: RouteDefinition): void {
    if (this.started) {
      throw new Error(
        `Routes must be registered during setup: [${route.method}] ${route.path} came after the server started.`,
      );
    }
    this.routes.push(route);
  }

  private authApi(): HttpServiceSetup['auth'] {
    return {
      get: (request) => {
        const user = authenticatedUserOf(request);
        return user
          ? {
              status: 'authenticated',
              state: {
                authInfo: { user_name: user.username, roles: user.roles, backend_roles: [] },
              },
            }
          : { status: 'unauthenticated', state: {} };
      },
      isAuthenticated: (request) => authenticatedUserOf(request) !== null,
    };
  }

  private serverInfo(): HttpServerInfo {
    return {
      name: this.config.name ?? hostname(),
      hostname: this.config.host,
      port: this.port,
      protocol: this.config.tls ? 'https' : 'http',
    };
  }

  private runtime(): RouteRuntime {
    return {
      basePath: this.basePathService.serverBasePath,
      logger: this.logger,
      contexts: this.contexts,
      bodyShape: this.config.bodyShape ?? DEFAULT_BODY_SHAPE,
      authenticate: () => this.authenticate,
      coreContext: () => {
        if (!this.coreContext) throw new Error('The HTTP service is not started.');
        return this.coreContext;
      },
    };
  }

  private installRoutes(): void {
    const runtime = this.runtime();
    const build = (route: RouteDefinition) =>
      buildFastifyRoutes(
        { ...route, path: `${this.basePathService.serverBasePath}${route.path}` },
        runtime,
        this.config.maxPayloadBytes,
      );
    const byMode = (mode: RouteDefinition['options']['body']['mode']) =>
      this.routes.filter((route) => route.options.body.mode === mode);
    for (const route of [...byMode('none'), ...byMode('parsed')])
      build(route).forEach((options) => this.fastify.route(options));
    for (const mode of ['buffer', 'stream'] as const) {
      const routes = byMode(mode);
      if (routes.length === 0) continue;
      void this.fastify.register(async (child) => {
        installRawBodyParser(child, mode);
        for (const route of routes) build(route).forEach((options) => child.route(options));
      });
    }
  }

  private installGlobalHandlers(): void {
    this.fastify.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404)));
    this.fastify.setErrorHandler((error: FastifyError, request, reply) =>
      this.answerError(error, request, reply),
    );
    this.fastify.addHook('onSend', (request, reply, payload, done) => {
      if (request.protocol === 'https')
        reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
      if (this.preResponseHandlers.length === 0) {
        done(null, payload);
        return;
      }
      const failed = (error: unknown) => {
        this.logger.error(error as Error, { phase: 'onPreResponse' });
        if (payload instanceof Readable) payload.destroy();
        reply.code(500).header('content-type', 'application/json; charset=utf-8');
        done(null, JSON.stringify(errorBody(500, INTERNAL_ERROR_MESSAGE)));
      };
      let pending: Promise<void> | undefined;
      try {
        pending = this.runPreResponse(request, reply, 0);
      } catch (error) {
        failed(error);
        return;
      }
      if (pending) pending.then(() => done(null, payload), failed);
      else done(null, payload);
    });
  }

  /**
   * Runs the pre-response interceptors from `index` on, merging the headers they return. Synchronous
   * while they are (the usual case); returns a promise from the first one that is not.
   */
  private runPreResponse(
    request: FastifyRequest,
    reply: FastifyReply,
    index: number,
  ): Promise<void> | undefined {
    const osdRequest =
      request.osdRequest ??
      (request.osdRequest = OsdRequestImpl.unrouted(
        request,
        reply.raw,
        this.basePathService.serverBasePath,
      ));
    for (let next = index; next < this.preResponseHandlers.length; next += 1) {
      const result = this.preResponseHandlers[next](
        osdRequest,
        { statusCode: reply.statusCode },
        PRE_RESPONSE_TOOLKIT,
      );
      if (isPromiseLike(result)) {
        return Promise.resolve(result).then((resolved) => {
          this.mergeHeaders(reply, resolved);
          return this.runPreResponse(request, reply, next + 1);
        });
      }
      this.mergeHeaders(reply, result);
    }
    return undefined;
  }

  private mergeHeaders(reply: FastifyReply, result: OnPreResponseResult | undefined): void {
    const headers = result?.headers;
    if (!headers) return;
    for (const name in headers) {
      if (reply.hasHeader(name))
        this.logger.warn(`onPreResponseHandler rewrote a response header [${name}].`);
      reply.header(name, headers[name]);
    }
  }

  private answerError(
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ): FastifyReply {
    if (error instanceof HttpStatusError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(errorBody(error.statusCode, error.message));
    }
    // Fastify's own refusals carry their status; any other host error that gets here is a bug.
    const statusCode = error instanceof HostError ? 500 : (error.statusCode ?? 500);
    if (statusCode >= 400 && statusCode < 500) {
      return reply
        .code(statusCode)
        .send(errorBody(statusCode, this.clientErrorMessage(error, request)));
    }
    this.logger.error(error, { route: `${request.method} ${request.url}` });
    return reply.code(500).send(errorBody(500, INTERNAL_ERROR_MESSAGE));
  }

  private clientErrorMessage(error: FastifyError, request: FastifyRequest): string {
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return tooLargeMessage(request.routeOptions.bodyLimit ?? this.config.maxPayloadBytes);
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return INVALID_JSON_MESSAGE;
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return 'Unsupported Media Type';
      default:
        return error.message;
    }
  }
}
