/**
 * Lifecycle step 1, before the body is read: who is asking. The authenticator answers at once when
 * it can (a cached session), so the common request takes no promise; a route that needs a login
 * and finds no user answers 401.
 */
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../../types';
import { isPromiseLike } from '../promise-like';
import type { Refusal } from './refusal';

/** Resolves the user behind a request's credentials; `clientAddress` is `request.ip` (trusted proxies applied). */
export type Authenticator = (
  headers: FastifyRequest['headers'],
  clientAddress: string,
) => AuthenticatedUser | null | Promise<AuthenticatedUser | null>;

/**
 * Calls `next` with the request's user (null: none, or no authenticator configured), synchronously
 * when the authenticator answered at once; `fail` gets what it threw or rejected with.
 */
export function resolveUser(
  authenticate: Authenticator | undefined,
  request: Pick<FastifyRequest, 'headers' | 'ip'>,
  next: (user: AuthenticatedUser | null) => void,
  fail: (error: unknown) => void,
): void {
  if (!authenticate) {
    next(null);
    return;
  }
  let outcome: ReturnType<Authenticator>;
  try {
    outcome = authenticate(request.headers, request.ip);
  } catch (error) {
    fail(error);
    return;
  }
  if (isPromiseLike(outcome)) outcome.then(next, fail);
  else next(outcome);
}

export function authenticationRefusal(
  user: AuthenticatedUser | null,
  authRequired: boolean | 'optional',
): Refusal | undefined {
  return user === null && authRequired === true ? { statusCode: 401 } : undefined;
}
