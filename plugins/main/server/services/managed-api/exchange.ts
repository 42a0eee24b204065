/** One exchange with a host (the host, its connection, the time budget) and its failures, typed. */
import type { Deadline } from './deadline';
import {
  ApiAnswerTooLargeError,
  isManagedApiError,
  MalformedApiResponseError,
  type ManagedApiError,
} from './errors';
import { describeHost, type HostEndpoint } from './host-endpoint';
import type { HostConnection } from './host-connections';
import { toManagedApiError } from './upstream-errors';

export interface Exchange {
  host: HostEndpoint;
  connection: HostConnection;
  deadline: Deadline;
}

export function failure(
  exchange: Exchange,
  error: unknown,
  responseStarted: boolean,
): ManagedApiError {
  if (isManagedApiError(error)) return error;
  const { host, connection, deadline } = exchange;
  return toManagedApiError(error, {
    apiHostId: host.id,
    hostName: describeHost(host),
    origin: connection.origin,
    timeoutMs: deadline.timeoutMs,
    timedOut: deadline.timedOut,
    callerAborted: deadline.cancelled,
    responseStarted,
  });
}

export function tooLarge(
  exchange: Exchange,
  maxBytes: number,
  status: number,
): ApiAnswerTooLargeError {
  return new ApiAnswerTooLargeError(
    `${describeHost(exchange.host)} sent an answer larger than the ${maxBytes} bytes the dashboard accepts (svc.api.maxResponseBytes).`,
    exchange.host.id,
    { status },
  );
}

export function notJson(
  exchange: Exchange,
  status: number,
  reason: string,
): MalformedApiResponseError {
  return new MalformedApiResponseError(
    `${describeHost(exchange.host)} answered ${status} with a body that is not valid JSON (${reason}).`,
    exchange.host.id,
    { status },
  );
}
