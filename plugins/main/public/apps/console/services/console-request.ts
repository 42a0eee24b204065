/**
 * Sends one console request through the dashboard's proxy (`POST /api/request`) and keeps everything
 * the response pane shows: HTTP status, the body exactly as it came (the managed API's envelope or
 * problem body, or the dashboard's error body), the time taken and the host it went to.
 * The shared ManagedApi client is not used because it returns the body alone, without the status.
 */
import type { HttpResponse, HttpStart } from '@host/public/types';
import { SVC_ROUTES } from '@main/common/constants';
import { type SvcError, toSvcError } from '../../../services/svc-error';
import type { SendableRequest } from '../model/request-parser';

type ConsoleOutcome = 'success' | 'managed-api-error' | 'dashboard-error' | 'network-error';

export interface ConsoleResponse {
  request: SendableRequest;
  apiHostId: string;
  /** When the request was sent (ISO 8601). */
  sentAt: string;
  durationMs: number;
  /** HTTP status of the answer; absent when none came. */
  status?: number;
  body?: unknown;
  outcome: ConsoleOutcome;
  /** What failed, read from the body (title, detail, code, remediation), for every outcome but success. */
  error?: SvcError;
}

export interface Clock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  date(): Date;
}

const systemClock: Clock = { now: () => performance.now(), date: () => new Date() };

function outcomeOf(error: SvcError): ConsoleOutcome {
  if (error.source === 'managed-api') return 'managed-api-error';
  return error.status === undefined ? 'network-error' : 'dashboard-error';
}

export interface SendOptions {
  /** Permissions the route needs (`agent:restart`), named in a permission-denied error. */
  action?: string;
  clock?: Clock;
}

export async function sendConsoleRequest(
  http: HttpStart,
  apiHostId: string,
  request: SendableRequest,
  { action, clock = systemClock }: SendOptions = {},
): Promise<ConsoleResponse> {
  const sentAt = clock.date().toISOString();
  const started = clock.now();
  const payload = {
    id: apiHostId,
    method: request.method,
    path: request.path,
    ...(request.body === undefined ? {} : { body: request.body }),
  };
  try {
    const answer: HttpResponse = await http.post(SVC_ROUTES.request, {
      body: JSON.stringify(payload),
      asResponse: true,
    });
    return {
      request,
      apiHostId,
      sentAt,
      durationMs: clock.now() - started,
      status: answer.response?.status,
      body: answer.body,
      outcome: 'success',
    };
  } catch (caught) {
    const durationMs = clock.now() - started;
    const error = toSvcError(caught, action);
    const body = (caught as { body?: unknown }).body;
    return {
      request,
      apiHostId,
      sentAt,
      durationMs,
      status: error.status,
      body,
      outcome: outcomeOf(error),
      error,
    };
  }
}
