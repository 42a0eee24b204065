/**
 * HTTP transport to the managed-API hosts: keep-alive agents per host (and per TLS setting), every
 * failure typed, every answer bounded. Two ways to take an answer:
 * - `send` reads it whole and parses it, for the dashboard's own use of the data (logins, checks,
 *   CSV, other plugins);
 * - `relay` hands it on for `POST /api/request` without parsing it: answers up to
 *   `CHECKED_ANSWER_BYTES` and error answers are read whole (complete, credentials scrubbed from
 *   errors); larger ones stream through with back-pressure once their first bytes look right. Either
 *   way an answer that says JSON must start and end like one JSON document (`{`…`}`, `[`…`]`…), which
 *   catches a body cut short or an HTML page at no cost per byte; a streamed one that fails this or
 *   anything else later is aborted, never ended as if complete.
 * Redirects are never followed so no request can leave for another origin.
 *
 * Built on node:http with an agent: on the proxy path it beat axios (about 2× the proxied
 * requests/s) and undici's Pool (proxy.bench.ts, "minimal proxy on undici ÷ on node:http").
 */
import http, { type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ManagedApiMethod } from '../../types';
import { BufferBudget } from './buffer-budget';
import type { Deadline } from './deadline';
import { ApiAnswersBusyError, MalformedApiResponseError, type ManagedApiError } from './errors';
import { failure, notJson, tooLarge, type Exchange } from './exchange';
import { HostConnections, type HostConnectionSettings } from './host-connections';
import { describeHost, type HostEndpoint } from './host-endpoint';
import { claimsJson, parseFailure, wholeJsonProblem } from './json-edges';
import { CHECKED_ANSWER_BYTES, RelayedBody } from './relayed-body';
import { credentialSecrets, scrubSecrets } from './secret-scrubber';

// The transport's public surface, for importers that know only this file.
export { describeHost, hostOrigin, type HostEndpoint } from './host-endpoint';
export { CHECKED_ANSWER_BYTES } from './relayed-body';

/** A whole answer, parsed. */
export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the host sent JSON, the text otherwise, undefined for an empty body. */
  data: unknown;
  /**
   * With `holdBuffered`, gives the answer's bytes back to the shared budget: the caller holds the
   * data until it is done with it (called more than once, it gives them back once).
   */
  release?: () => void;
}

/** An answer to pass on as it is. */
export interface RelayedAnswer {
  status: number;
  contentType: string | undefined;
  /** The host's `content-length`, when it sent one. */
  contentLength: number | undefined;
  /** The whole body (small answers and errors), or the body as it arrives. */
  body: Buffer | Readable;
}

export interface SendOptions {
  method: ManagedApiMethod;
  /** Checked path with its query string, appended to the host's origin. */
  path: string;
  /** The body as sent. */
  body?: string;
  /** Media type of the body. */
  contentType?: string;
  /** Extra request headers; the transport's own win. */
  headers?: Readonly<Record<string, string>>;
  /** Basic credentials (logins). */
  auth?: { username: string; password: string };
  /** Bearer token (every other call). */
  token?: string;
  /**
   * Secrets the host may echo beyond those sent in this exchange (the stored credentials' forms, see
   * `credentialSecrets`): asked for only when an answer is scrubbed.
   */
  secrets?: () => readonly string[];
  /** Told when the answer's status and headers arrived, before its body is read. */
  onAnswerStart?: (status: number) => void;
  /**
   * A successful answer's bytes stay counted against the shared budget until `release` of the
   * answer is called (a page held while an earlier one is still written out).
   */
  holdBuffered?: boolean;
}

export interface TransportSettings extends HostConnectionSettings {
  /** Largest body accepted from a host, in bytes. */
  maxResponseBytes: number;
  /** Bytes that answers being read whole may hold together, all hosts included. */
  maxBufferedBytes: number;
}

function headerRecord(headers: http.IncomingHttpHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) record[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return record;
}

/** Statuses whose answers have no body whatever their `content-length` says (RFC 9110 §6.4.1). */
function hasNoBody(status: number): boolean {
  return status === 204 || status === 304 || (status >= 100 && status < 200);
}

/** The body's length as the host declares it; none for an answer that has no body. */
function declaredLength(response: IncomingMessage): number | undefined {
  const header = response.headers['content-length'];
  if (header === undefined || hasNoBody(response.statusCode ?? 0)) return undefined;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

function basicCredentials(auth: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64')}`;
}

/** What the host may echo back: what the dashboard sent it in this exchange and the stored secrets. */
function secretsOf(options: SendOptions): readonly string[] {
  const sent = options.token
    ? [options.token]
    : options.auth
      ? credentialSecrets(options.auth.username, options.auth.password)
      : [];
  return options.secrets ? [...sent, ...options.secrets()] : sent;
}

/**
 * A successful status whose JSON says the operation failed (`error` other than 0): the dashboard may
 * build a message of it, like of an error answer. Other successful answers are data and stay as sent
 * (a password that is a common word must not be cut out of agent names).
 */
function reportsFailure(data: unknown): boolean {
  const error = (data as { error?: unknown } | null)?.error;
  return typeof error === 'number' && error !== 0;
}

export class HostTransport {
  private readonly connections: HostConnections;
  private readonly budget: BufferBudget;

  constructor(private readonly settings: TransportSettings) {
    this.connections = new HostConnections(settings);
    this.budget = new BufferBudget(settings.maxBufferedBytes);
  }

  /** Sends one request and resolves with the whole answer, parsed; rejects with a `ManagedApiError`. */
  async send(
    host: HostEndpoint,
    options: SendOptions,
    deadline: Deadline,
  ): Promise<UpstreamAnswer> {
    const exchange: Exchange = { host, connection: await this.connections.of(host), deadline };
    const response = await this.exchange(exchange, options);
    const status = response.statusCode ?? 0;
    options.onAnswerStart?.(status);
    const held = options.holdBuffered === true && status < 400 ? { bytes: 0 } : undefined;
    const raw = await this.readWhole(exchange, response, status >= 400 ? options : undefined, held);
    const answer: UpstreamAnswer = {
      status,
      headers: headerRecord(response.headers),
      data: undefined,
    };
    if (held)
      answer.release = () => {
        this.budget.give(held.bytes);
        held.bytes = 0;
      };
    try {
      const contentType = response.headers['content-type'];
      answer.data = parsed(exchange, raw, contentType, status);
      if (status < 400 && reportsFailure(answer.data))
        answer.data = parsed(exchange, scrubSecrets(raw, secretsOf(options)), contentType, status);
    } catch (error) {
      answer.release?.();
      throw error;
    }
    return answer;
  }

  /**
   * Sends one request and resolves once the answer can be passed on: its status is one a client can
   * be given, and its first bytes arrived. The deadline then stays armed until the body is through.
   */
  async relay(
    host: HostEndpoint,
    options: SendOptions,
    deadline: Deadline,
  ): Promise<RelayedAnswer> {
    const exchange: Exchange = { host, connection: await this.connections.of(host), deadline };
    const response = await this.exchange(exchange, options);
    const status = response.statusCode ?? 0;
    const contentType = response.headers['content-type'];
    const contentLength = declaredLength(response);
    if (status < 200 || status > 599) {
      response.destroy();
      throw new MalformedApiResponseError(
        `${describeHost(host)} answered with HTTP status ${status}, which the dashboard cannot pass on.`,
        host.id,
        { status },
      );
    }
    if (status >= 400 || (contentLength !== undefined && contentLength <= CHECKED_ANSWER_BYTES)) {
      const raw = await this.readWhole(exchange, response, status >= 400 ? options : undefined);
      return wholeAnswer(exchange, status, contentType, raw);
    }
    if (contentLength !== undefined && contentLength > this.settings.maxResponseBytes) {
      response.destroy();
      throw tooLarge(exchange, this.settings.maxResponseBytes, status);
    }
    const body = new RelayedBody(
      response,
      exchange,
      this.settings.maxResponseBytes,
      claimsJson(contentType),
      contentLength === undefined,
    );
    const whole = await body.ready;
    if (whole) return wholeAnswer(exchange, status, contentType, whole);
    deadline.releaseCaller();
    return { status, contentType, contentLength, body };
  }

  private exchange(exchange: Exchange, options: SendOptions): Promise<IncomingMessage> {
    const { connection, deadline } = exchange;
    const headers: Record<string, string> = {
      accept: 'application/json, text/plain, */*',
      ...options.headers,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    else if (options.auth) headers.authorization = basicCredentials(options.auth);
    if (options.body !== undefined) {
      headers['content-type'] = options.contentType ?? 'application/json';
      headers['content-length'] = String(Buffer.byteLength(options.body));
    }
    return new Promise((resolve, reject) => {
      const request = connection.client.request(
        {
          hostname: connection.hostname,
          port: connection.port,
          path: options.path,
          method: options.method,
          headers,
          agent: connection.agent,
        },
        resolve,
      );
      request.on('error', (error) => reject(failure(exchange, error, false)));
      deadline.watch(request);
      request.end(options.body);
    });
  }

  /**
   * The whole body, within the size limit and the shared budget; secrets sent are scrubbed from
   * errors. With `held`, the body's bytes stay reserved once read, their count left in `held`.
   */
  private readWhole(
    exchange: Exchange,
    response: IncomingMessage,
    scrubFor: SendOptions | undefined,
    held?: { bytes: number },
  ): Promise<Buffer> {
    const status = response.statusCode ?? 0;
    const maxBytes = this.settings.maxResponseBytes;
    const declared = declaredLength(response);
    if (declared !== undefined && declared > maxBytes) {
      response.destroy();
      return Promise.reject(tooLarge(exchange, maxBytes, status));
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let reserved = 0;
      const stop = (error: ManagedApiError): void => {
        this.budget.give(reserved);
        reserved = 0;
        response.destroy();
        reject(error);
      };
      const reserve = (bytes: number): boolean => {
        if (bytes <= reserved) return true;
        if (!this.budget.take(bytes - reserved)) {
          stop(
            new ApiAnswersBusyError(
              `The dashboard is reading too many large answers at once; ${describeHost(exchange.host)}'s answer was refused. Try again shortly.`,
              exchange.host.id,
              { status },
            ),
          );
          return false;
        }
        reserved = bytes;
        return true;
      };
      if (declared !== undefined && !reserve(declared)) return;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return stop(tooLarge(exchange, maxBytes, status));
        if (reserve(size)) chunks.push(chunk);
      });
      response.on('error', (error) => stop(failure(exchange, error, true)));
      response.on('close', () => {
        if (!response.complete)
          stop(
            failure(
              exchange,
              new Error('the connection closed before the whole answer arrived'),
              true,
            ),
          );
      });
      response.on('end', () => {
        if (!response.complete) return;
        if (held) held.bytes = reserved;
        else this.budget.give(reserved);
        reserved = 0;
        const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
        resolve(scrubFor ? scrubSecrets(raw, secretsOf(scrubFor)) : raw);
      });
    });
  }

  /** Drops the keep-alive sockets of a host whose settings changed or that was removed. */
  forget(apiHostId: string): void {
    this.connections.forget(apiHostId);
  }

  close(): void {
    this.connections.close();
  }
}

/** An answer read whole, passed on only when it looks like what it says it is. */
function wholeAnswer(
  exchange: Exchange,
  status: number,
  contentType: string | undefined,
  raw: Buffer,
): RelayedAnswer {
  if (raw.length > 0 && claimsJson(contentType)) {
    const problem = wholeJsonProblem(raw);
    if (problem) throw notJson(exchange, status, problem);
  }
  return { status, contentType, contentLength: raw.length, body: raw };
}

/** The body as data: JSON when the host says JSON, text otherwise, undefined when empty. */
function parsed(
  exchange: Exchange,
  raw: Buffer,
  contentType: string | undefined,
  status: number,
): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  if (!claimsJson(contentType)) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw notJson(exchange, status, parseFailure(error as Error));
  }
}
