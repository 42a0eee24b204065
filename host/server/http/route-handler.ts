/**
 * Turns a route definition into Fastify route options, running the request lifecycle's steps
 * (route-lifecycle/) in order: before the body is read, in `onRequest` as in OSD, authentication,
 * role, declared length, XSRF, media type and the per-user rate; then the body guard while it is
 * read, and its shape, validation and the handler once it is. The per-request path is kept short and
 * synchronous where it can be because every dashboard call goes through it.
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AuthenticatedUser, Logger } from '../types';
import type { BodyShapeLimits } from './body-parsers';
import type { ContextContainer } from './context-container';
import type { CoreContextFactory } from './core-context';
import { OsdRequestImpl, type OsdRouteInfo } from './osd-request';
import type { RouteDefinition } from './router';
import { translateRoutePath } from './route-path';
import {
  authenticationRefusal,
  resolveUser,
  type Authenticator,
} from './route-lifecycle/authentication';
import {
  bodyShapeRefusal,
  contentTypeRefusal,
  declaredLengthRefusal,
  guardBody,
} from './route-lifecycle/body';
import { createHandlerStep } from './route-lifecycle/handler';
import { createUserRateLimit } from './route-lifecycle/rate-limit';
import { sendRefusal } from './route-lifecycle/refusal';
import { roleRefusal } from './route-lifecycle/role';
import { validatedParts, validationRefusal } from './route-lifecycle/validation';
import { xsrfRefusal } from './route-lifecycle/xsrf';

export type { Authenticator } from './route-lifecycle/authentication';

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
  const { requiredRole } = options;
  const rateLimit = createUserRateLimit(`${method} ${path}`, options.perUserRateLimit);
  const runHandler = createHandlerStep({
    routeName: `${method.toUpperCase()} ${path}`,
    owner,
    handler,
    logger: runtime.logger,
    contexts: runtime.contexts,
    coreContext: () => runtime.coreContext(),
  });

  /** The checks on the request's head; true when one refused it (the answer is sent). */
  function refusedBeforeBody(request: FastifyRequest, reply: FastifyReply): boolean {
    const refusal =
      declaredLengthRefusal(request.headers, maxBytes) ??
      xsrfRefusal(options.xsrfRequired, request.headers) ??
      contentTypeRefusal(options.body.accepts, request.headers);
    if (refusal) {
      sendRefusal(reply, refusal);
      return true;
    }
    if (options.timeout.idleSocket !== undefined)
      request.raw.socket.setTimeout(options.timeout.idleSocket);
    return false;
  }

  function afterAuthentication(
    request: FastifyRequest,
    reply: FastifyReply,
    done: () => void,
    user: AuthenticatedUser | null,
  ): void {
    const refusal =
      authenticationRefusal(user, options.authRequired) ?? roleRefusal(requiredRole, user);
    if (refusal) {
      sendRefusal(reply, refusal);
      return;
    }
    request.osdUser = user;
    if (refusedBeforeBody(request, reply)) return;
    if (!rateLimit || !user) {
      done();
      return;
    }
    rateLimit(
      user.username,
      done,
      (limited) => sendRefusal(reply, limited),
      (error) => reply.send(error),
    );
  }

  function onRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    if (options.authRequired === false) {
      if (!refusedBeforeBody(request, reply)) done();
      return;
    }
    resolveUser(
      runtime.authenticate(),
      request,
      (user) => afterAuthentication(request, reply, done, user),
      (error) => reply.send(error),
    );
  }

  /**
   * The Fastify handler. It stays synchronous and never returns the reply: a returned reply is a
   * thenable that would make Fastify watch the response stream on every request.
   */
  function handle(request: FastifyRequest, reply: FastifyReply): void {
    if (options.body.mode === 'parsed') {
      const refusal = bodyShapeRefusal(request.body, runtime.bodyShape);
      if (refusal) {
        sendRefusal(reply, refusal);
        return;
      }
    }
    let parts: ReturnType<typeof validatedParts>;
    try {
      parts = validatedParts(validate, mapParams, request);
    } catch (error) {
      const refusal = validationRefusal(error);
      if (refusal) sendRefusal(reply, refusal);
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
    runHandler(reply, osdRequest);
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
