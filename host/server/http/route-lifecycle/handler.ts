/**
 * The last lifecycle step: the request-handler contexts, the plugin's handler and its response. It
 * stays synchronous while they are (no promise for a handler that answers at once); a handler that
 * throws or returns no response is a 500 `An internal server error occurred.`, logged with its stack.
 */
import type { FastifyReply } from 'fastify';
import { InvalidResponseError } from '../../errors';
import type { Logger, RequestHandlerContext } from '../../types';
import type { ContextContainer } from '../context-container';
import type { CoreContextFactory } from '../core-context';
import { errorBody, INTERNAL_ERROR_MESSAGE } from '../error-body';
import type { OsdRequestImpl } from '../osd-request';
import { isPromiseLike } from '../promise-like';
import { sendOsdResponse } from '../response-adapter';
import { isOsdResponse, responseFactory } from '../response-factory';
import type { RouteDefinition } from '../router';

export interface HandlerStepDeps {
  /** `GET /api/x`, for the log line of a failure. */
  routeName: string;
  owner: RouteDefinition['owner'];
  handler: RouteDefinition['handler'];
  logger: Logger;
  contexts: ContextContainer;
  coreContext(): CoreContextFactory;
}

/** Runs the route's handler for a validated request and sends what it answers. */
export function createHandlerStep({
  routeName,
  owner,
  handler,
  logger,
  contexts,
  coreContext,
}: HandlerStepDeps): (reply: FastifyReply, osdRequest: OsdRequestImpl) => void {
  function fail(reply: FastifyReply, osdRequest: OsdRequestImpl, error: unknown): void {
    logger.error(error as Error, { route: routeName, requestId: osdRequest.id });
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

  return (reply, osdRequest) => {
    let context: ReturnType<ContextContainer['createContext']>;
    try {
      context = contexts.createContext(
        owner,
        coreContext()(osdRequest),
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
  };
}
