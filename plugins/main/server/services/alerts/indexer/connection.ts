/**
 * The plugin's one connection to the indexer: the client `core.opensearch` built from
 * `svc.indexer` (or the demo's stand-in), or none. Every call goes through `request`, which turns
 * the client's failures into `IndexerError`s, cancels the call when the caller goes away and bounds
 * the whole exchange, body included, by the request time budget (the client's own time-out stops
 * at the answer's headers).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { errors, type ApiResponse } from '@opensearch-project/opensearch';
import type { Logger, OpenSearchClient, OpenSearchNodeState } from '@host/server/types';
import type { IndexerNodeState } from '@main/common/alerts/api';
import {
  badAnswer,
  copiedField,
  IndexerError,
  notConfiguredError,
  scrubCredentials,
  toIndexerError,
  timeoutError,
} from './errors';
import { publicHostUrl } from './public-host-url';

/** A call of the client, as its API methods return it (a promise that can be aborted). */
type ClientCall<T> = Promise<{
  body: T;
  statusCode: number | null;
  headers?: IncomingHttpHeaders | null;
}> & { abort?: () => void };

/** A 2xx answer whose body is still to be read (the client's `asStream`). */
export interface StreamedAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Readable;
}

/** Enough of an error answer for its reason (OpenSearch's are a few hundred bytes). */
const ERROR_BODY_BYTES = 16 * 1024;

export interface IndexerTarget {
  client: OpenSearchClient;
  /** The nodes' URLs (no credentials), for the status and messages. */
  hosts: string[];
  /** True when it is the demo's stand-in. */
  demo: boolean;
  /** Every form of the credentials, taken out of every message (see `credentialSecrets`). */
  secrets: string[];
  /** Time budget of one call, its whole answer and the tries on other nodes included (ms). */
  requestTimeoutMs: number;
  /** Each node's state as the client's node pool sees it (`core.opensearch.nodeStates`). */
  nodeStates(): OpenSearchNodeState[];
}

export class IndexerConnection {
  private target?: IndexerTarget;
  private readonly patternInForce: () => string;

  /** A function for a pattern that may change while running (App settings). */
  constructor(
    alertsIndexPattern: string | (() => string),
    private readonly logger?: Logger,
  ) {
    this.patternInForce =
      typeof alertsIndexPattern === 'string' ? () => alertsIndexPattern : alertsIndexPattern;
  }

  get alertsIndexPattern(): string {
    return this.patternInForce();
  }

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

  /** Each node's state; the last failure met there only `withErrors` (for admins). */
  nodes(withErrors: boolean): IndexerNodeState[] {
    const target = this.target;
    if (!target) return [];
    return target.nodeStates().map(({ url, alive, since, lastFailure }) => ({
      url: publicHostUrl(url),
      state: alive ? 'alive' : 'dead',
      since: since.toISOString(),
      ...(withErrors &&
        lastFailure && {
          lastError: `${scrubCredentials(lastFailure.message, target.secrets)} (${lastFailure.at.toISOString()})`,
        }),
    }));
  }

  /** A field of an indexer answer as a message may repeat it: text, short, without credentials. */
  copied(value: unknown): string | undefined {
    return copiedField(value, this.target?.secrets ?? []);
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
      throw badAnswer(`expected a JSON object but got ${describe(body)}`);
    return body;
  }

  /**
   * Runs one client call and resolves with its status and body as they came (for calls that ignore
   * some statuses, such as a 404 of an index that does not exist); failures as in `request`.
   */
  async answer<T>(
    send: (client: OpenSearchClient) => ClientCall<T>,
    signal?: AbortSignal,
  ): Promise<{ statusCode: number | null; body: T; headers: IncomingHttpHeaders }> {
    const client = this.client();
    const target = this.target!;
    const call = send(client);
    let timedOut = false;
    // A block, not `() => call.abort?.()`: abort() returns the call, a thenable, and an AbortSignal
    // listener's returned promise that rejects is an uncaught exception, which stops the server.
    const abort = () => {
      call.abort?.();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      abort();
    }, target.requestTimeoutMs);
    signal?.addEventListener('abort', abort, { once: true });
    try {
      const { statusCode, body, headers } = await call;
      return { statusCode, body, headers: headers ?? {} };
    } catch (error) {
      if (timedOut) throw this.logged(timeoutError(target.requestTimeoutMs));
      throw this.logged(toIndexerError(error, target.secrets));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  }

  /**
   * Runs one client call made with `asStream: true` and resolves with its answer once the headers
   * are in, the body left to the caller to read (and to bound, and to destroy when it stops early).
   * The client hands even an error status over as a stream: its first bytes are read for the
   * reason and it is rejected as `request` would reject it. `signal` aborts the call and that read.
   */
  async stream(
    send: (client: OpenSearchClient) => ClientCall<unknown>,
    signal?: AbortSignal,
  ): Promise<StreamedAnswer> {
    const { statusCode, body, headers } = await this.answer(send, signal);
    if (!(body instanceof Readable)) throw badAnswer('an answer without a body');
    if (statusCode !== null && statusCode >= 200 && statusCode < 300)
      return { statusCode, headers, body };
    const reason = headers['content-encoding'] ? undefined : await readErrorBody(body, signal);
    body.destroy();
    // The client's own error for that answer; only its body, status and headers are read.
    const meta = {} as ApiResponse['meta'];
    throw this.logged(
      toIndexerError(
        new errors.ResponseError({ body: reason, statusCode, headers, warnings: null, meta }),
        this.target?.secrets ?? [],
      ),
    );
  }

  /**
   * An error with internal detail has it logged under a reference the user's message gives, so an
   * admin can find the address and the client's words without the user seeing them.
   */
  private logged(error: unknown): unknown {
    if (!(error instanceof IndexerError) || error.detail === undefined) return error;
    const reference = randomUUID().slice(0, 8);
    this.logger?.warn(`Indexer call failed [${reference}] ${error.code}: ${error.detail}`);
    return new IndexerError(
      error.code,
      `${error.message} The dashboard's log tells more under reference ${reference}.`,
      error.upstream,
      error.retryAfterSeconds,
      error.detail,
    );
  }
}

/** The start of an error answer's body, as JSON when it is, else as text. */
async function readErrorBody(body: Readable, signal?: AbortSignal): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => body.destroy();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= ERROR_BODY_BYTES) break;
    }
  } catch {
    // Cut short: what came is all the reason there is.
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  const text = Buffer.concat(chunks).subarray(0, ERROR_BODY_BYTES).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? 'text' : typeof value;
}
