/**
 * A managed-API request checked once where it enters the dashboard (the proxy route, a requester
 * call of a route or another plugin, a queued request) and handed down as it is: nothing below
 * checks, parses or serialises it again. The type can only be made from a checked path.
 */
import {
  checkManagedApiPath,
  isManagedApiMethod,
  type ManagedApiMethodName,
  type PathCheck,
} from '../../../common/managed-api-request';
import { InvalidApiRequestError } from './errors';
import { encodeRequestBody } from './verbatim-body';

declare const checked: unique symbol;

export type CheckedPath = Extract<PathCheck, { valid: true }>;

export interface ManagedApiCall {
  readonly method: ManagedApiMethodName;
  /** Path and query string, safe to append to a host's origin. */
  readonly path: string;
  /** The body as sent (JSON, or a verbatim body's own text), when there is one. */
  readonly body: string | undefined;
  /** Media type of the body. */
  readonly contentType: string | undefined;
  /** Extra request headers; the dashboard's own (authorization, content type and length) win. */
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly [checked]: true;
}

/** A call from a path that `checkManagedApiPath` accepted (where it entered the dashboard). */
export function apiCallFrom(
  method: ManagedApiMethodName,
  path: CheckedPath,
  body: unknown,
  headers?: Record<string, string>,
): ManagedApiCall {
  const content = encodeRequestBody(body);
  return {
    method,
    path: `${path.pathname}${path.search}`,
    body: content?.text,
    contentType: content?.contentType,
    headers,
  } as ManagedApiCall;
}

/** Checks method and path of a call (a requester's `request`, a proxied request). */
export function checkApiCall(
  method: unknown,
  path: unknown,
  body: unknown,
  apiHostId: string,
  headers?: Record<string, string>,
): ManagedApiCall {
  if (!isManagedApiMethod(method))
    throw new InvalidApiRequestError(
      `Request method [${String(method)}] is not valid: use GET, POST, PUT, DELETE or PATCH.`,
      apiHostId,
    );
  const check = checkManagedApiPath(path);
  if (!check.valid)
    throw new InvalidApiRequestError(`Request path is not valid: ${check.reason}.`, apiHostId);
  return apiCallFrom(method, check, body, headers);
}
