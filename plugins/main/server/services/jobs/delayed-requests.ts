/**
 * Requests the browser asked to send later (`/api/request` with `delay`, used for restarts so the
 * answer is not lost with the restarting service). Each is a saved object until it is sent, so a
 * restart does not lose it and any dashboard instance on the same database may send it. Sending
 * claims a request by deleting it first: of two instances only one deletes it, and a request is sent
 * at most once, even when the dashboard dies in between.
 */
import { randomUUID } from 'node:crypto';
import type {
  AuthenticatedUser,
  ISavedObjectsRepository,
  Logger,
  SavedObject,
} from '../../../../../host/server/types';
import { DELAYED_REQUEST_SAVED_OBJECT_TYPE } from '../../../common/constants';
import type { ManagedApiMethodName } from '../../../common/managed-api-request';
import { savedObjectStatus } from '../saved-object-status';
import type { ManagedApiService } from '../managed-api/managed-api-service';
import type { SecretCipher } from '../secrets/secret-cipher';

export interface DelayedRequest {
  apiHostId: string;
  method: ManagedApiMethodName;
  /** Path with its query string. */
  path: string;
  body?: unknown;
  /** Who asked: the request is sent as this user (run_as) when it is due. */
  user: AuthenticatedUser | null;
  /** When to send it, ms since the epoch. */
  dueAt: number;
}

/** What is stored: the body encrypted, since a queued request may carry credentials (a new password). */
export interface DelayedRequestAttributes {
  host_id: string;
  method: ManagedApiMethodName;
  path: string;
  body_encrypted?: string;
  user: AuthenticatedUser | null;
  due_at: number;
}

/** Due requests read per page; each page is sent before the next is read. */
const PAGE_SIZE = 100;

function describeRequest({ method, path, apiHostId, user }: DelayedRequest): string {
  return `${method} ${path} on [${apiHostId}] for [${user?.username ?? 'the dashboard'}]`;
}

export class DelayedRequestQueue {
  constructor(
    private readonly repository: ISavedObjectsRepository,
    private readonly cipher: SecretCipher,
    private readonly api: Pick<ManagedApiService, 'asUser'>,
    private readonly logger: Logger,
  ) {}

  /** Stores the request; resolves its id once it is durable. */
  async enqueue(request: DelayedRequest): Promise<string> {
    const id = randomUUID();
    const attributes: DelayedRequestAttributes = {
      host_id: request.apiHostId,
      method: request.method,
      path: request.path,
      ...(request.body === undefined
        ? {}
        : { body_encrypted: this.cipher.encrypt(bodySubject(id), JSON.stringify(request.body)) }),
      user: request.user && { username: request.user.username, roles: [...request.user.roles] },
      due_at: request.dueAt,
    };
    await this.repository.create(DELAYED_REQUEST_SAVED_OBJECT_TYPE, attributes, { id });
    return id;
  }

  /** Sends every request that is due, earliest first; says how many this call sent. */
  async runDue(now = Date.now()): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await this.duePage(now);
      for (const object of due) if (await this.claimAndSend(object)) sent += 1;
      if (due.length < PAGE_SIZE) return sent;
    }
  }

  private async duePage(now: number): Promise<Array<SavedObject<DelayedRequestAttributes>>> {
    const result = await this.repository.find<DelayedRequestAttributes>({
      type: DELAYED_REQUEST_SAVED_OBJECT_TYPE,
      sortField: 'due_at',
      sortOrder: 'asc',
      perPage: PAGE_SIZE,
    });
    return result.saved_objects.filter((object) => object.attributes.due_at <= now);
  }

  private async claimAndSend(object: SavedObject<DelayedRequestAttributes>): Promise<boolean> {
    try {
      await this.repository.delete(DELAYED_REQUEST_SAVED_OBJECT_TYPE, object.id);
    } catch (error) {
      // Another instance claimed it first.
      if (savedObjectStatus(error) === 404) return false;
      throw error;
    }
    let request: DelayedRequest | undefined;
    try {
      request = this.toRequest(object);
      const { status } = await this.api
        .asUser(request.user)
        .request(request.method, request.path, request.body, { apiHostID: request.apiHostId });
      if (status >= 400)
        this.logger.warn(`Delayed request ${describeRequest(request)} answered ${status}.`);
      else this.logger.debug(`Delayed request ${describeRequest(request)} answered ${status}.`);
    } catch (error) {
      const what = request ? describeRequest(request) : `[${object.id}]`;
      this.logger.warn(`Delayed request ${what} failed: ${(error as Error).message}`);
    }
    return true;
  }

  private toRequest({ id, attributes }: SavedObject<DelayedRequestAttributes>): DelayedRequest {
    return {
      apiHostId: attributes.host_id,
      method: attributes.method,
      path: attributes.path,
      body:
        attributes.body_encrypted === undefined
          ? undefined
          : JSON.parse(this.cipher.decrypt(bodySubject(id), attributes.body_encrypted)),
      user: attributes.user,
      dueAt: attributes.due_at,
    };
  }
}

function bodySubject(requestId: string): string {
  return `${DELAYED_REQUEST_SAVED_OBJECT_TYPE}:${requestId}`;
}
