/**
 * Turns a route definition into Fastify route options. The per-request path is kept short because every
 * dashboard call goes through it: auth and XSRF in `onRequest` (before the body is read, as in OSD),
 * then validation, contexts, the plugin's handler and the response adapter.
 */
import { pipeline, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthenticatedUser, Logger, RequestHandlerContext } from '../types';
import { BodyGuard, bodyShapeProblem, tooLargeMessage, type BodyShapeLimits } from './body-parsers';
import type { ContextContainer } from './context-container';
import type { CoreContextFactory } from './core-context';
import { errorBody, INTERNAL_ERROR_MESSAGE } from './error-body';
import { OsdRequestImpl, type OsdRouteInfo } from './osd-request';
import { InvalidResponseError, sendOsdResponse } from './response-adapter';
import { isOsdResponse, responseFactory } from './response-factory';
import type { RouteDefinition } from './router';
import { translateRoutePath } from './route-path';
import { RouteValidationError, validateRequestParts, type ValidatedParts } from './route-validator';
import { isPromiseLike } from './promise-like';

const XSRF_MISSING_MESSAGE = 'Request must contain a osd-xsrf header.';

function roleRequiredMessage(role: string): string {
  return `Only dashboard users with the [${role}] role can do this.`;
}

/** Resolves the user behind a request's credentials; `clientAddress` is `request.ip` (trusted proxies applied). */
export type Authenticator = (
  headers: FastifyRequest['headers'],
  clientAddress: string,
) => AuthenticatedUser | null | Promise<AuthenticatedUser | null>;

/** What every route needs from the server it runs in. */
export interface RouteRuntime {
  basePath: string;
  logger: Logger;
  contexts: ContextContainer;
  bodyShape: BodyShapeLimits;
  /** Resolves the user behind the credentials; absent → every protected route answers 401. */
  authenticate(): Authenticator | undefined;
  coreContext(): CoreContextFactory;
}

declare module 'fastify' {
  interface FastifyRequest {
    osdUser: AuthenticatedUser | null;
    osdRequest: OsdRequestImpl | null;
  }
}

function tooManyRequestsMessage(retryAfterSeconds: number): string {
  return `Too many requests; try again in ${retryAfterSeconds} seconds.`;
}

function acceptsContentType(accepts: readonly string[], contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  return accepts.some(
    (accepted) =>
      accepted === mediaType ||
      (accepted.endsWith('/*') && mediaType.startsWith(accepted.slice(0, -1))),
  );
}

/** The router's query objects have a bare prototype; schemas accept only plain objects. */
function plainObject(value: unknown): unknown {
  return value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) !== Object.prototype
    ? { ...value }
    : value;
}

function guardBody(
  payload: Readable,
  maxBytes: number,
  payloadTimeoutMs: number | undefined,
): Readable {
  // pipeline (not pipe) so a client abort also ends the guarded stream the handler reads.
  return pipeline(payload, new BodyGuard(maxBytes, payloadTimeoutMs), () => undefined);
}

/** What handlers of `validate: false` routes see: nothing of the raw input. */
const NO_PARTS = Object.freeze({
  params: Object.freeze({}),
  query: Object.freeze({}),
  body: Object.freeze({}),
});

export function buildFastifyRoutes(
  definition: RouteDefinition,
  runtime: RouteRuntime,
  defaultMaxBytes: number,
): RouteOptions[] {
  const { method, path, options, validate, owner, handler } = definition;
  const { fastifyPaths, mapParams } = translateRoutePath(path);
  const routeInfo: OsdRouteInfo = {
    path,
    method,
    options: Object.freeze({
      authRequired: options.authRequired,
      xsrfRequired: options.xsrfRequired,
      tags: options.tags,
    }),
  };
  const maxBytes = options.body.maxBytes ?? defaultMaxBytes;
  const { requiredRole, perUserRateLimit } = options;
  const rateLimiter =
    perUserRateLimit &&
    new RateLimiterMemory({
      keyPrefix: `${method} ${path}`,
      points: perUserRateLimit.points,
      duration: perUserRateLimit.durationSeconds,
    });
  const routeName = `${method.toUpperCase()} ${path}`;

  function finishAuth(
    request: FastifyRequest,
    reply: FastifyReply,
    user: AuthenticatedUser | null,
  ): FastifyReply | undefined {
    if (user === null && options.authRequired === true) return reply.code(401).send(errorBody(401));
    if (requiredRole !== undefined && !user?.roles.includes(requiredRole)) {
      return reply.code(403).send(
        errorBody(403, roleRequiredMessage(requiredRole), {
          code: 'role_required',
          requiredRole,
        }),
      );
    }
    request.osdUser = user;
    return checkRequestShape(request, reply);
  }

  /** Counts the request against its user's allowance, then goes on, or answers 429. */
  function withinRateLimit(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    if (!rateLimiter || !request.osdUser) {
      done();
      return;
    }
    rateLimiter.consume(request.osdUser.username).then(
      () => done(),
      (rejection: unknown) => {
        if (!(rejection instanceof RateLimiterRes)) {
          reply.send(rejection);
          return;
        }
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        reply
          .code(429)
          .header('retry-after', String(seconds))
          .send(errorBody(429, tooManyRequestsMessage(seconds), { code: 'rate_limited' }));
      },
    );
  }

  function checkRequestShape(
    request: FastifyRequest,
    reply: FastifyReply,
  ): FastifyReply | undefined {
    const declaredLength = request.headers['content-length'];
    if (declaredLength !== undefined && Number(declaredLength) > maxBytes) {
      return reply.code(413).send(errorBody(413, tooLargeMessage(maxBytes)));
    }
    if (
      options.xsrfRequired &&
      request.headers['osd-xsrf'] === undefined &&
      request.headers['osd-version'] === undefined
    ) {
      return reply.code(400).send(errorBody(400, XSRF_MISSING_MESSAGE));
    }
    if (
      options.body.accepts &&
      !acceptsContentType(options.body.accepts, request.headers['content-type'])
    ) {
      return reply.code(415).send(errorBody(415));
    }
    if (options.timeout.idleSocket !== undefined)
      request.raw.socket.setTimeout(options.timeout.idleSocket);
    return undefined;
  }

  function onRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    if (options.authRequired === false) {
      if (!checkRequestShape(request, reply)) done();
      return;
    }
    const authenticate = runtime.authenticate();
    if (!authenticate) {
      if (!finishAuth(request, reply, null)) done();
      return;
    }
    let outcome: ReturnType<Authenticator>;
    try {
      outcome = authenticate(request.headers, request.ip);
    } catch (error) {
      reply.send(error);
      return;
    }
    if (!isPromiseLike(outcome)) {
      if (!finishAuth(request, reply, outcome)) withinRateLimit(request, reply, done);
      return;
    }
    outcome.then(
      (user) => {
        if (!finishAuth(request, reply, user)) withinRateLimit(request, reply, done);
      },
      (error: Error) => reply.send(error),
    );
  }

  function fail(reply: FastifyReply, osdRequest: OsdRequestImpl, error: unknown): void {
    runtime.logger.error(error as Error, { route: routeName, requestId: osdRequest.id });
    reply.removeHeader('content-type');
    reply.code(500).send(errorBody(500, INTERNAL_ERROR_MESSAGE));
  }

  function respond(reply: FastifyReply, osdRequest: OsdRequestImpl, result: unknown): void {
    try {
      if (!isOsdResponse(result)) {
        throw new InvalidResponseError(
          `Unexpected result from Route Handler. Expected OsdResponse, but given: ${typeof result}.`,
        );
      }
      sendOsdResponse(reply, result);
    } catch (error) {
      fail(reply, osdRequest, error);
    }
  }

  function runHandler(
    reply: FastifyReply,
    osdRequest: OsdRequestImpl,
    context: RequestHandlerContext,
  ): void {
    let result: ReturnType<typeof handler>;
    try {
      result = handler(context, osdRequest, responseFactory);
    } catch (error) {
      fail(reply, osdRequest, error);
      return;
    }
    if (isPromiseLike(result)) {
      result.then(
        (value) => respond(reply, osdRequest, value),
        (error: unknown) => fail(reply, osdRequest, error),
      );
    } else {
      respond(reply, osdRequest, result);
    }
  }

  /**
   * The Fastify handler. It stays synchronous and never returns the reply: a returned reply is a
   * thenable that would make Fastify watch the response stream on every request.
   */
  function handle(request: FastifyRequest, reply: FastifyReply): void {
    if (options.body.mode === 'parsed') {
      const problem = bodyShapeProblem(request.body, runtime.bodyShape);
      if (problem !== undefined) {
        reply.code(400).send(errorBody(400, problem));
        return;
      }
    }
    let parts: ValidatedParts = NO_PARTS;
    try {
      if (validate !== false) {
        parts = validateRequestParts(validate, {
          params: mapParams(request.params as Record<string, string>),
          query: plainObject(request.query),
          body: request.body,
        });
      }
    } catch (error) {
      if (error instanceof RouteValidationError)
        reply.code(400).send(errorBody(400, error.message));
      else reply.send(error);
      return;
    }
    const osdRequest = new OsdRequestImpl(
      request,
      routeInfo,
      parts.params,
      parts.query,
      parts.body,
      request.osdUser,
      runtime.basePath,
      reply.raw,
    );
    request.osdRequest = osdRequest;
    let context: ReturnType<ContextContainer['createContext']>;
    try {
      context = runtime.contexts.createContext(
        owner,
        runtime.coreContext()(osdRequest),
        osdRequest,
        responseFactory,
      );
    } catch (error) {
      fail(reply, osdRequest, error);
      return;
    }
    if (isPromiseLike(context)) {
      context.then(
        (value) => runHandler(reply, osdRequest, value),
        (error: unknown) => fail(reply, osdRequest, error),
      );
    } else {
      runHandler(reply, osdRequest, context);
    }
  }

  const guardsBody = options.body.mode === 'stream' || options.timeout.payload !== undefined;
  return fastifyPaths.map((url) => ({
    method: method.toUpperCase() as RouteOptions['method'],
    url,
    bodyLimit: maxBytes,
    onRequest,
    preParsing: guardsBody
      ? [
          (_request, _reply, payload, done) =>
            done(null, guardBody(payload, maxBytes, options.timeout.payload)),
        ]
      : undefined,
    handler: handle,
    ...(options.compress ? {} : { compress: false as const }),
  }));
}
