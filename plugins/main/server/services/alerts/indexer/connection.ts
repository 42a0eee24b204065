/**
 * The plugin's one connection to the indexer: the client `core.opensearch` built from
 * `svc.indexer` (or the demo's stand-in), or none. Every call goes through `request`, which turns
 * the client's failures into `IndexerError`s and cancels the call when the caller goes away.
 */
import type { OpenSearchClient } from '@host/server/types';
import { malformedResponse, notConfiguredError, toIndexerError } from './errors';

/** A call of the client, as its API methods return it (a promise that can be aborted). */
type ClientCall<T> = Promise<{ body: T; statusCode: number | null }> & { abort?: () => void };

export interface IndexerTarget {
  client: OpenSearchClient;
  /** The nodes' URLs (no credentials), for the status and messages. */
  hosts: string[];
  /** True when it is the demo's stand-in. */
  demo: boolean;
  /** Values taken out of every error message (the password). */
  secrets: string[];
}

export class IndexerConnection {
  private target?: IndexerTarget;

  constructor(readonly alertsIndexPattern: string) {}

  /** From now on the calls go to `target`. */
  connect(target: IndexerTarget): void {
    this.target = target;
  }

  get configured(): boolean {
    return this.target !== undefined;
  }

  get demo(): boolean {
    return this.target?.demo ?? false;
  }

  get hosts(): string[] {
    return this.target?.hosts ?? [];
  }

  /** The client; `indexer_not_configured` when there is none. */
  client(): OpenSearchClient {
    if (!this.target) throw notConfiguredError();
    return this.target.client;
  }

  /**
   * Runs one client call and resolves with its body, which must be a JSON object. Rejects with an
   * `IndexerError` for every failure of the indexer; `signal` aborts the call.
   */
  async request<T extends object>(
    send: (client: OpenSearchClient) => ClientCall<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const { body } = await this.answer(send, signal);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw malformedResponse(`expected a JSON object but got ${describe(body)}`);
    return body;
  }

  /**
   * Runs one client call and resolves with its status and body as they came (for calls that ignore
   * some statuses, such as a 404 of an index that does not exist); failures as in `request`.
   */
  async answer<T>(
    send: (client: OpenSearchClient) => ClientCall<T>,
    signal?: AbortSignal,
  ): Promise<{ statusCode: number | null; body: T }> {
    const client = this.client();
    const call = send(client);
    // A block, not `() => call.abort?.()`: abort() returns the call, a thenable, and an AbortSignal
    // listener's returned promise that rejects is an uncaught exception, which stops the server.
    const abort = () => {
      call.abort?.();
    };
    signal?.addEventListener('abort', abort, { once: true });
    try {
      const { statusCode, body } = await call;
      return { statusCode, body };
    } catch (error) {
      throw toIndexerError(error, this.target?.secrets ?? []);
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? 'text' : typeof value;
}
