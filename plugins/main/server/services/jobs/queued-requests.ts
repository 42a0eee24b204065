/**
 * Requests the browser asked to send later (`/api/request` with `delay`, used for restarts so the
 * answer is not lost with the restarting service). Each is a saved object until it is sent, so a
 * restart does not lose it and any dashboard instance on the same database may send it. Sending
 * claims a request by deleting it first: of two instances only one deletes it, and a request is sent
 * at most once, even when the dashboard dies in between.
 *
 * A queued request belongs to the user who queued it: it is sent only if that user still exists,
 * has the same roles, and has not been changed (password or roles) since; otherwise it is dropped
 * and the drop is logged. Caps per user and in total keep the store bounded.
 */
import { randomUUID } from 'node:crypto';
import {
  SavedObjectsErrorHelpers,
  type AuthenticatedUser,
  type ISavedObjectsRepository,
  type Logger,
  type SavedObject,
} from '@host/server/types';
import { ADMIN_ROLE, QUEUED_REQUEST_SAVED_OBJECT_TYPE } from '../../../common/constants';
import type { ManagedApiMethodName } from '../../../common/managed-api-request';
import type { QueuedRequestList, QueuedRequestSummary } from '../../../common/queued-requests';
import type { ManagedApiService } from '../managed-api/managed-api-service';
import { VerbatimBody } from '../managed-api/verbatim-body';
import type { SecretCipher } from '../secrets/secret-cipher';
import { LimitReachedError, NotFoundError } from '../service-errors';

export interface QueuedRequest {
  apiHostId: string;
  method: ManagedApiMethodName;
  /** Path with its query string. */
  path: string;
  /** A JSON value or a `VerbatimBody`. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Who asked: the request is sent as this user (run_as) when it is due. */
  user: AuthenticatedUser | null;
  /** When to send it, ms since the epoch. */
  dueAt: number;
}

/** What is stored: body and headers encrypted, since a queued request may carry credentials. */
export interface QueuedRequestAttributes {
  host_id: string;
  method: ManagedApiMethodName;
  path: string;
  body_encrypted?: string;
  /** Set when the body is sent verbatim (not JSON): its media type. */
  body_media_type?: string;
  headers_encrypted?: string;
  user: AuthenticatedUser | null;
  due_at: number;
  queued_at: number;
}

/** A dashboard user as the queue checks it when a request is due. */
export interface QueueOwnerRecord {
  roles: string[];
  /** Last change of the user's password or roles (ISO date). */
  updated_at: string;
}

interface QueueOwnerDirectory {
  getUser(username: string): Promise<QueueOwnerRecord | undefined>;
}

export interface QueuedRequestQueueOptions {
  repository: ISavedObjectsRepository;
  cipher: SecretCipher;
  api: Pick<ManagedApiService, 'asUser'>;
  users: QueueOwnerDirectory;
  logger: Logger;
  /** Most requests one user may have waiting. */
  maxPerUser: number;
  /** Most requests waiting in all. */
  maxTotal: number;
  now?: () => number;
}

/** Due requests read per page; each page is sent before the next is read. */
const PAGE_SIZE = 100;

function describeRequest({ method, path, apiHostId, user }: QueuedRequest): string {
  return `${method} ${path} on [${apiHostId}] for [${user?.username ?? 'the dashboard'}]`;
}

function isAdmin(user: AuthenticatedUser | null): boolean {
  return user?.roles.includes(ADMIN_ROLE) ?? false;
}

function sameRoles(a: string[], b: string[]): boolean {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((role, index) => role === right[index]);
}

function summary({ id, attributes }: SavedObject<QueuedRequestAttributes>): QueuedRequestSummary {
  return {
    id,
    host_id: attributes.host_id,
    method: attributes.method,
    path: attributes.path,
    owner: attributes.user?.username ?? null,
    queued_at: new Date(attributes.queued_at).toISOString(),
    due_at: new Date(attributes.due_at).toISOString(),
  };
}

export class QueuedRequestQueue {
  private readonly now: () => number;
  /** Enqueues of this instance one at a time, so two at once cannot both pass a cap. */
  private enqueueChain: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: QueuedRequestQueueOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Stores the request; resolves its id once it is durable. Past a cap: `LimitReachedError`. */
  enqueue(request: QueuedRequest): Promise<string> {
    const next = this.enqueueChain.then(() => this.enqueueWithinCaps(request));
    this.enqueueChain = next.catch(() => undefined);
    return next;
  }

  /** The caller's waiting requests, earliest first; an administrator sees everyone's. */
  async list(user: AuthenticatedUser | null): Promise<QueuedRequestList> {
    const items = (await this.waiting())
      .filter((object) => isAdmin(user) || object.attributes.user?.username === user?.username)
      .map(summary);
    return { items, total: items.length };
  }

  /** Cancels one waiting request of the caller (any, for an administrator). */
  async cancel(id: string, user: AuthenticatedUser | null): Promise<void> {
    const notFound = new NotFoundError(
      `Queued request [${id}] not found.`,
      'queued_request_not_found',
    );
    let object: SavedObject<QueuedRequestAttributes>;
    try {
      object = await this.options.repository.get<QueuedRequestAttributes>(
        QUEUED_REQUEST_SAVED_OBJECT_TYPE,
        id,
      );
    } catch (error) {
      if (SavedObjectsErrorHelpers.isNotFoundError(error)) throw notFound;
      throw error;
    }
    if (!isAdmin(user) && object.attributes.user?.username !== user?.username) throw notFound;
    try {
      await this.options.repository.delete(QUEUED_REQUEST_SAVED_OBJECT_TYPE, id);
    } catch (error) {
      // Sent (or cancelled) in the meantime.
      if (SavedObjectsErrorHelpers.isNotFoundError(error)) throw notFound;
      throw error;
    }
    this.options.logger.info(
      `Queued request ${object.attributes.method} ${object.attributes.path} of [${object.attributes.user?.username ?? 'the dashboard'}] cancelled by [${user?.username ?? 'the dashboard'}].`,
    );
  }

  /** Sends every request that is due, earliest first; says how many this call sent. */
  async runDue(now = this.now()): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await this.duePage(now);
      for (const object of due) if (await this.claimAndSend(object)) sent += 1;
      if (due.length < PAGE_SIZE) return sent;
    }
  }

  private async enqueueWithinCaps(request: QueuedRequest): Promise<string> {
    const waiting = await this.waiting();
    const owner = request.user?.username;
    const own = waiting.filter((object) => object.attributes.user?.username === owner);
    if (own.length >= this.options.maxPerUser)
      throw this.limitReached(
        own,
        `[${owner ?? 'the dashboard'}] already has ${own.length} queued requests, the most one user may have.`,
      );
    if (waiting.length >= this.options.maxTotal)
      throw this.limitReached(
        waiting,
        `${waiting.length} requests are queued, the most the dashboard keeps.`,
      );
    return this.store(request);
  }

  private limitReached(
    waiting: Array<SavedObject<QueuedRequestAttributes>>,
    message: string,
  ): LimitReachedError {
    // A place frees up when the earliest of them is sent.
    const earliest = Math.min(...waiting.map((object) => object.attributes.due_at));
    const seconds = Math.max(1, Math.ceil((earliest - this.now()) / 1000));
    return new LimitReachedError(
      `${message} Try again once one is sent or cancelled.`,
      'queue_full',
      seconds,
    );
  }

  private async store(request: QueuedRequest): Promise<string> {
    const id = randomUUID();
    const { cipher } = this.options;
    const { body, headers } = request;
    const attributes: QueuedRequestAttributes = {
      host_id: request.apiHostId,
      method: request.method,
      path: request.path,
      ...(body === undefined
        ? {}
        : body instanceof VerbatimBody
          ? {
              body_encrypted: cipher.encrypt(bodySubject(id), body.text),
              body_media_type: body.contentType,
            }
          : { body_encrypted: cipher.encrypt(bodySubject(id), JSON.stringify(body)) }),
      ...(headers && Object.keys(headers).length > 0
        ? { headers_encrypted: cipher.encrypt(headersSubject(id), JSON.stringify(headers)) }
        : {}),
      user: request.user && { username: request.user.username, roles: [...request.user.roles] },
      due_at: request.dueAt,
      queued_at: this.now(),
    };
    await this.options.repository.create(QUEUED_REQUEST_SAVED_OBJECT_TYPE, attributes, { id });
    return id;
  }

  /** Every waiting request, earliest first; the caps bound how many there are. */
  private async waiting(): Promise<Array<SavedObject<QueuedRequestAttributes>>> {
    const objects: Array<SavedObject<QueuedRequestAttributes>> = [];
    for (let page = 1; ; page += 1) {
      const result = await this.options.repository.find<QueuedRequestAttributes>({
        type: QUEUED_REQUEST_SAVED_OBJECT_TYPE,
        sortField: 'due_at',
        sortOrder: 'asc',
        perPage: PAGE_SIZE,
        page,
      });
      objects.push(...result.saved_objects);
      if (result.saved_objects.length < PAGE_SIZE || objects.length >= result.total) return objects;
    }
  }

  private async duePage(now: number): Promise<Array<SavedObject<QueuedRequestAttributes>>> {
    const result = await this.options.repository.find<QueuedRequestAttributes>({
      type: QUEUED_REQUEST_SAVED_OBJECT_TYPE,
      sortField: 'due_at',
      sortOrder: 'asc',
      perPage: PAGE_SIZE,
    });
    return result.saved_objects.filter((object) => object.attributes.due_at <= now);
  }

  private async claimAndSend(object: SavedObject<QueuedRequestAttributes>): Promise<boolean> {
    const { repository, logger } = this.options;
    try {
      await repository.delete(QUEUED_REQUEST_SAVED_OBJECT_TYPE, object.id);
    } catch (error) {
      // Another instance claimed it first.
      if (SavedObjectsErrorHelpers.isNotFoundError(error)) return false;
      throw error;
    }
    let request: QueuedRequest | undefined;
    try {
      request = this.toRequest(object);
      const refusal = await this.ownerRefusal(object.attributes);
      if (refusal) {
        logger.warn(`Dropped queued request ${describeRequest(request)}: ${refusal}.`);
        return false;
      }
      const { status } = await this.options.api
        .asUser(request.user)
        .request(request.method, request.path, request.body, {
          apiHostId: request.apiHostId,
          headers: request.headers,
        });
      if (status >= 400)
        logger.warn(`Queued request ${describeRequest(request)} answered ${status}.`);
      else logger.debug(`Queued request ${describeRequest(request)} answered ${status}.`);
    } catch (error) {
      const what = request ? describeRequest(request) : `[${object.id}]`;
      logger.warn(`Queued request ${what} failed: ${(error as Error).message}`);
    }
    return true;
  }

  /** Why the owner may no longer have this request sent, or undefined when they may. */
  private async ownerRefusal(attributes: QueuedRequestAttributes): Promise<string | undefined> {
    const owner = attributes.user;
    if (!owner) return undefined;
    const current = await this.options.users.getUser(owner.username);
    if (!current) return 'the user was removed since it was queued';
    if (!sameRoles(current.roles, owner.roles))
      return 'the user has other roles than when it was queued';
    if (Date.parse(current.updated_at) > attributes.queued_at)
      return "the user's password or roles changed since it was queued";
    return undefined;
  }

  private toRequest({ id, attributes }: SavedObject<QueuedRequestAttributes>): QueuedRequest {
    const { cipher } = this.options;
    const text =
      attributes.body_encrypted === undefined
        ? undefined
        : cipher.decrypt(bodySubject(id), attributes.body_encrypted);
    return {
      apiHostId: attributes.host_id,
      method: attributes.method,
      path: attributes.path,
      body:
        text === undefined
          ? undefined
          : attributes.body_media_type === undefined
            ? JSON.parse(text)
            : new VerbatimBody(text, attributes.body_media_type),
      ...(attributes.headers_encrypted === undefined
        ? {}
        : {
            headers: JSON.parse(
              cipher.decrypt(headersSubject(id), attributes.headers_encrypted),
            ) as Record<string, string>,
          }),
      user: attributes.user,
      dueAt: attributes.due_at,
    };
  }
}

function bodySubject(requestId: string): string {
  return `${QUEUED_REQUEST_SAVED_OBJECT_TYPE}:${requestId}`;
}

function headersSubject(requestId: string): string {
  return `${QUEUED_REQUEST_SAVED_OBJECT_TYPE}:${requestId}:headers`;
}
