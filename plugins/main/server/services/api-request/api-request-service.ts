/**
 * The work behind `POST /api/request`: one request to a stored host as the current user, sent now
 * (the host's own status and body come back, errors included) or queued to be sent later.
 */
import type { AuthenticatedUser } from '../../../../../host/server/types';
import type { ManagedApiMethodName } from '../../../common/managed-api-request';
import type { ApiHostStore } from '../api-hosts/api-host-store';
import type { DelayedRequestQueue } from '../jobs/delayed-requests';
import { ApiHostNotFoundError, MalformedApiResponseError } from '../managed-api/errors';
import { identityFor } from '../managed-api/identity';
import type { ManagedApiService } from '../managed-api/managed-api-service';
import { prepareProxyRequest } from '../managed-api/proxy-request';
import type { UpstreamAnswer } from '../managed-api/transport';

export interface ApiRequestInput {
  id: string;
  method: ManagedApiMethodName;
  path: string;
  body?: unknown;
}

export type ApiRequestOutcome =
  | { kind: 'queued'; id: string; dueAt: number; delayMs: number }
  | { kind: 'answered'; status: number; contentType: string; body: Buffer };

export interface ApiRequestServiceDeps {
  api: Pick<ManagedApiService, 'send'>;
  hosts: Pick<ApiHostStore, 'get'>;
  queue: Pick<DelayedRequestQueue, 'enqueue'>;
  maxDelayMs: number;
  now?: () => number;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The host's body, with a `message` added to a JSON error that has none: the reference product's
 * browser code reads a failure's text from `message`, the managed API sends `title` and `detail`.
 */
export function relayedBody(answer: UpstreamAnswer): Buffer {
  const { data } = answer;
  if (answer.status < 400 || !isPlainObject(data) || typeof data.message === 'string')
    return answer.raw;
  const text = [data.detail, data.title].find((value) => typeof value === 'string');
  return Buffer.from(
    JSON.stringify({ ...data, message: text ?? `The API host answered ${answer.status}.` }),
  );
}

export class ApiRequestService {
  private readonly now: () => number;

  constructor(private readonly deps: ApiRequestServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async handle(
    user: AuthenticatedUser | null,
    input: ApiRequestInput,
    signal?: AbortSignal,
  ): Promise<ApiRequestOutcome> {
    const prepared = prepareProxyRequest(input, { maxDelayMs: this.deps.maxDelayMs });
    const apiHostId = input.id;
    if (prepared.delayMs !== undefined) {
      // The host must exist now; the request itself goes later, as this user.
      if (!(await this.deps.hosts.get(apiHostId))) throw new ApiHostNotFoundError(apiHostId);
      const dueAt = this.now() + prepared.delayMs;
      const id = await this.deps.queue.enqueue({
        apiHostId,
        method: prepared.method,
        path: prepared.path,
        body: prepared.body,
        headers: prepared.headers,
        user,
        dueAt,
      });
      return { kind: 'queued', id, dueAt, delayMs: prepared.delayMs };
    }
    const answer = await this.deps.api.send(
      (host) => identityFor(user, host.run_as),
      prepared.method,
      prepared.path,
      prepared.body,
      { apiHostID: apiHostId, signal, headers: prepared.headers },
    );
    if (answer.status >= 300 && answer.status < 400) {
      throw new MalformedApiResponseError(
        `API host [${apiHostId}] answered with a redirect (${answer.status}), which the dashboard does not follow.`,
        apiHostId,
        { status: answer.status },
      );
    }
    return {
      kind: 'answered',
      status: answer.status,
      contentType: answer.headers['content-type'] ?? 'application/octet-stream',
      body: relayedBody(answer),
    };
  }
}
