/**
 * The work behind `POST /api/request`: one request to a stored host as the current user, sent now
 * (the host's own status and body come back, errors included) or queued to be sent later.
 */
import type { Readable } from 'node:stream';
import type { AuthenticatedUser, ClientConnection } from '@host/server/types';
import type { ManagedApiMethodName } from '../../../common/managed-api-request';
import type { ApiHostStore } from '../api-hosts/api-host-store';
import type { QueuedRequestQueue } from '../jobs/queued-requests';
import { apiCallFrom } from '../managed-api/api-call';
import { ApiHostNotFoundError } from '../managed-api/errors';
import type { ManagedApiService } from '../managed-api/managed-api-service';
import { prepareProxyRequest } from '../managed-api/proxy-request';
import type { RelayedAnswer } from '../managed-api/transport';

export interface ApiRequestInput {
  id: string;
  method: ManagedApiMethodName;
  path: string;
  body?: unknown;
}

export type ApiRequestOutcome =
  | { kind: 'queued'; id: string; dueAt: number; delayMs: number }
  | {
      kind: 'answered';
      status: number;
      contentType: string;
      /** The host's `content-length` of a streamed body (a whole one is measured when sent). */
      contentLength?: number;
      /** The whole body (small answers, errors), or the body as it arrives. */
      body: Buffer | Readable;
    };

export interface ApiRequestServiceDeps {
  api: Pick<ManagedApiService, 'relay'>;
  hosts: Pick<ApiHostStore, 'get'>;
  queue: Pick<QueuedRequestQueue, 'enqueue'>;
  maxDelayMs: number;
  now?: () => number;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parsedError(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The host's body, with a `message` added to a JSON error that has none: the reference product's
 * browser code reads a failure's text from `message`, the managed API sends `title` and `detail`.
 * Error answers are always read whole, so only they are parsed here.
 */
export function relayedBody(
  answer: Pick<RelayedAnswer, 'status' | 'contentType'> & { body: Buffer },
): Buffer {
  if (answer.status < 400 || !answer.contentType?.includes('json')) return answer.body;
  const data = parsedError(answer.body);
  if (!isPlainObject(data) || typeof data.message === 'string') return answer.body;
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
    caller?: ClientConnection,
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
        path: `${prepared.path.pathname}${prepared.path.search}`,
        body: prepared.body,
        headers: prepared.headers,
        user,
        dueAt,
      });
      return { kind: 'queued', id, dueAt, delayMs: prepared.delayMs };
    }
    const call = apiCallFrom(prepared.method, prepared.path, prepared.body, prepared.headers);
    const answer = await this.deps.api.relay(user, call, apiHostId, caller);
    const contentType = answer.contentType ?? 'application/octet-stream';
    if (Buffer.isBuffer(answer.body))
      return {
        kind: 'answered',
        status: answer.status,
        contentType,
        body: relayedBody({ ...answer, body: answer.body }),
      };
    return {
      kind: 'answered',
      status: answer.status,
      contentType,
      contentLength: answer.contentLength,
      body: answer.body,
    };
  }
}
