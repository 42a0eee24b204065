/**
 * The request object route handlers, context providers and interceptors see. Costly members (URL,
 * UUID, frozen headers, abort signal) are built on first use so a plain authenticated call stays cheap.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser, ClientConnection, OsdRequest, RouteMethod } from '../types';

export interface OsdRouteInfo {
  path: string;
  method: RouteMethod;
  options: OsdRequest['route']['options'];
}

const UNROUTED_OPTIONS: OsdRouteInfo['options'] = Object.freeze({
  authRequired: true,
  xsrfRequired: true,
  tags: [],
});

/**
 * Watches the response: the socket, not the request stream, says whether the client is gone (a
 * request stream counts as destroyed as soon as its body has been read).
 */
class ResponseConnection implements ClientConnection {
  constructor(
    private readonly response: ServerResponse,
    private readonly request: FastifyRequest,
  ) {}

  get gone(): boolean {
    return (
      !this.response.writableFinished &&
      (this.response.destroyed || this.request.raw.socket?.destroyed === true)
    );
  }

  onGone(listener: () => void): () => void {
    const response = this.response;
    const onClose = (): void => {
      if (!response.writableFinished) listener();
    };
    response.once('close', onClose);
    return () => response.removeListener('close', onClose);
  }
}

export class OsdRequestImpl<P = unknown, Q = unknown, B = unknown> implements OsdRequest<P, Q, B> {
  readonly id: string;
  readonly isSystemRequest: boolean;
  readonly auth: { isAuthenticated: boolean };
  private cachedUuid?: string;
  private cachedUrl?: URL;
  private cachedHeaders?: OsdRequest['headers'];
  private abortController?: AbortController;
  private cachedConnection?: ResponseConnection;

  constructor(
    /** The Fastify request underneath; host internals only (the contract does not expose it). */
    readonly raw: FastifyRequest,
    readonly route: OsdRouteInfo,
    readonly params: P,
    readonly query: Q,
    readonly body: B,
    /** Who made the request, as the auth step found (null: anonymous). */
    readonly user: AuthenticatedUser | null,
    private readonly basePath: string,
    private readonly response: ServerResponse,
  ) {
    const opaqueId = raw.headers['x-opaque-id'];
    this.id = typeof opaqueId === 'string' && opaqueId !== '' ? opaqueId : raw.id;
    this.isSystemRequest = raw.headers['osd-system-request'] === 'true';
    this.auth = { isAuthenticated: user !== null };
  }

  get uuid(): string {
    return (this.cachedUuid ??= randomUUID());
  }

  /** WHATWG URL of the request with the server base path taken off, as routes are declared. */
  get url(): URL {
    if (!this.cachedUrl) {
      const path = this.raw.url.startsWith(this.basePath)
        ? this.raw.url.slice(this.basePath.length) || '/'
        : this.raw.url;
      this.cachedUrl = new URL(path, `${this.raw.protocol}://${this.raw.host || 'localhost'}`);
    }
    return this.cachedUrl;
  }

  get headers(): OsdRequest['headers'] {
    return (this.cachedHeaders ??= Object.freeze({ ...this.raw.headers }));
  }

  get connection(): ClientConnection {
    return (this.cachedConnection ??= new ResponseConnection(this.response, this.raw));
  }

  /** Aborted when the client disconnects before the response has been fully written. */
  get signal(): AbortSignal {
    if (!this.abortController) {
      const controller = new AbortController();
      const abort = () => controller.abort(new Error('The client closed the connection.'));
      if (this.connection.gone) abort();
      else this.connection.onGone(abort);
      this.abortController = controller;
    }
    return this.abortController.signal;
  }

  /** A request outside any declared route (404s, static files), for interceptors. */
  static unrouted(raw: FastifyRequest, response: ServerResponse, basePath: string): OsdRequestImpl {
    const method = raw.method.toLowerCase() as RouteMethod;
    const route = { path: raw.url.split('?')[0], method, options: UNROUTED_OPTIONS };
    return new OsdRequestImpl(raw, route, {}, {}, {}, null, basePath, response);
  }
}

/** The user the auth step found for a request made by this server (null: anonymous or foreign object). */
export function authenticatedUserOf(request: OsdRequest): AuthenticatedUser | null {
  return request instanceof OsdRequestImpl ? request.user : null;
}
