/**
 * The plugin's one connection to the indexer: the client `core.opensearch` built from
 * `svc.indexer` (or the demo's stand-in), or none. Every call goes through `request`, which turns
 * the client's failures into `IndexerError`s and cancels the call when the caller goes away.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { errors, type ApiResponse } from '@opensearch-project/opensearch';
import type { OpenSearchClient } from '@host/server/types';
import { malformedResponse, notConfiguredError, toIndexerError } from './errors';

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
  ): Promise<{ statusCode: number | null; body: T; headers: IncomingHttpHeaders }> {
    const client = this.client();
    const call = send(client);
    // A block, not `() => call.abort?.()`: abort() returns the call, a thenable, and an AbortSignal
    // listener's returned promise that rejects is an uncaught exception, which stops the server.
    const abort = () => {
      call.abort?.();
    };
    signal?.addEventListener('abort', abort, { once: true });
    try {
      const { statusCode, body, headers } = await call;
      return { statusCode, body, headers: headers ?? {} };
    } catch (error) {
      throw toIndexerError(error, this.target?.secrets ?? []);
    } finally {
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
    if (!(body instanceof Readable)) throw malformedResponse('an answer without a body');
    if (statusCode !== null && statusCode >= 200 && statusCode < 300)
      return { statusCode, headers, body };
    const reason = headers['content-encoding'] ? undefined : await readErrorBody(body, signal);
    body.destroy();
    // The client's own error for that answer; only its body, status and headers are read.
    const meta = {} as ApiResponse['meta'];
    throw toIndexerError(
      new errors.ResponseError({ body: reason, statusCode, headers, warnings: null, meta }),
      this.target?.secrets ?? [],
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
