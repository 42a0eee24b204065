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
import { stat } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { ManagedApiMethod } from '../../types';
import { ApiHostInputError } from '../api-hosts/errors';
import { readCaFile } from '../api-hosts/ca-file';
import type { Deadline } from './deadline';
import {
  ApiAnswersBusyError,
  ApiAnswerTooLargeError,
  ApiHostTlsError,
  isManagedApiError,
  MalformedApiResponseError,
  type ManagedApiError,
} from './errors';
import { credentialSecrets, scrubSecrets } from './secret-scrubber';
import { toManagedApiError } from './upstream-errors';

/** Connection settings of one host, as the transport needs them. */
export interface HostEndpoint {
  id: string;
  url: string;
  port: number;
  tls_verify: boolean;
  ca_file?: string;
  /** How messages name a host that is not stored (its id is then internal). */
  label?: string;
}

/** `API host [prod]`, or the label of an unsaved host: how every message names the host. */
export function describeHost(host: Pick<HostEndpoint, 'id' | 'label'>): string {
  return host.label ?? `API host [${host.id}]`;
}

/** A whole answer, parsed. */
export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the host sent JSON, the text otherwise, undefined for an empty body. */
  data: unknown;
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
}

export interface TransportSettings {
  /** Largest body accepted from a host, in bytes. */
  maxResponseBytes: number;
  /** Bytes that answers being read whole may hold together, all hosts included. */
  maxBufferedBytes: number;
  /** Sockets kept per host. */
  maxSockets: number;
  /** Largest CA file of a host, checked again whenever the file changes (as when it is stored). */
  maxCaFileBytes: number;
}

/**
 * Answers up to this size are read whole before the first byte goes on, so a cut-short or malformed
 * one still becomes a clear 502; larger ones stream.
 */
export const CHECKED_ANSWER_BYTES = 64 * 1024;

export function hostOrigin(host: Pick<HostEndpoint, 'url' | 'port'>): string {
  return new URL(`${host.url}:${host.port}`).origin;
}

const JSON_TYPE = /[/+]json\b/i;
const byte = (char: string): number => char.charCodeAt(0);
const DIGITS = new Set([...'0123456789'].map(byte));
/** The byte a JSON document ends with, by the byte it starts with; a number starts and ends so too. */
const JSON_CLOSING = new Map<number, ReadonlySet<number>>([
  ...[...'{["tfn'].map((opening, index): [number, ReadonlySet<number>] => [
    byte(opening),
    new Set([byte('}]"eel'[index])]),
  ]),
  ...[...'-0123456789'].map((opening): [number, ReadonlySet<number>] => [byte(opening), DIGITS]),
]);
const WHITE_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const STARTS_UNLIKE_JSON = 'it does not start like JSON';

function claimsJson(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_TYPE.test(contentType);
}

/** Index of the first byte that is not JSON white space, or -1. */
function firstSignificantByte(chunk: Buffer): number {
  for (let index = 0; index < chunk.length; index += 1)
    if (!WHITE_SPACE.has(chunk[index])) return index;
  return -1;
}

/** Index of the last byte that is not JSON white space, or -1. */
function lastSignificantByte(chunk: Buffer): number {
  for (let index = chunk.length - 1; index >= 0; index -= 1)
    if (!WHITE_SPACE.has(chunk[index])) return index;
  return -1;
}

/** Why a body that says JSON does not look like one JSON document from its two ends, if it does not. */
function jsonEndsProblem(
  opening: number | undefined,
  closing: number | undefined,
): string | undefined {
  const closings = opening === undefined ? undefined : JSON_CLOSING.get(opening);
  if (!closings) return STARTS_UNLIKE_JSON;
  if (closing === undefined || !closings.has(closing)) return 'it ends before the document does';
  return undefined;
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

type EndpointKey = Pick<HostEndpoint, 'url' | 'port' | 'tls_verify' | 'ca_file'>;

/** A host's endpoint, parsed once when the host is first used or its settings change. */
interface HostConnection {
  key: EndpointKey;
  origin: string;
  hostname: string;
  port: number;
  client: typeof http | typeof https;
  agent: http.Agent;
  /** Which version of the host's CA file the agent trusts (see `caFileVersion`); none without one. */
  caVersion?: string;
}

function sameEndpoint(key: EndpointKey, host: HostEndpoint): boolean {
  return (
    key.url === host.url &&
    key.port === host.port &&
    key.tls_verify === host.tls_verify &&
    key.ca_file === host.ca_file
  );
}

/** A 502 naming the host, what is wrong with its CA file, and the limit's key when it is the size. */
function caFileError(host: HostEndpoint, reason: string): ApiHostTlsError {
  const key = reason.startsWith('must be at most') ? ' (svc.api.max_ca_file_bytes)' : '';
  return new ApiHostTlsError(
    `The CA file of ${describeHost(host)} ${reason}${key}; fix the file or the host's settings.`,
    host.id,
  );
}

/** Bytes of answers being read whole, all hosts together. */
class BufferBudget {
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  take(bytes: number): boolean {
    if (this.used + bytes > this.maxBytes) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used -= bytes;
  }
}

/** One exchange: the host, its connection and the time budget, for reading and typing failures. */
interface Exchange {
  host: HostEndpoint;
  connection: HostConnection;
  deadline: Deadline;
}

function failure(exchange: Exchange, error: unknown, responseStarted: boolean): ManagedApiError {
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

function tooLarge(exchange: Exchange, maxBytes: number, status: number): ApiAnswerTooLargeError {
  return new ApiAnswerTooLargeError(
    `${describeHost(exchange.host)} sent an answer larger than the ${maxBytes} bytes the dashboard accepts (svc.api.max_response_bytes).`,
    exchange.host.id,
    { status },
  );
}

function notJson(exchange: Exchange, status: number, reason: string): MalformedApiResponseError {
  return new MalformedApiResponseError(
    `${describeHost(exchange.host)} answered ${status} with a body that is not valid JSON (${reason}).`,
    exchange.host.id,
    { status },
  );
}

/**
 * A relayed body: the host's bytes as they arrive, with back-pressure both ways. An answer of unknown
 * length is held back until it passes `CHECKED_ANSWER_BYTES` (it then streams) or ends (it is then
 * handed on whole and checked like a small one). Once streaming, it fails (and the dashboard's answer
 * is aborted, never ended short) when the host's answer is cut short, grows past the size limit,
 * outlives the time budget or, said to be JSON, does not end as it started; its latest chunk is held
 * until the next one comes or that check passes. When its consumer goes away it cuts the host's answer.
 */
class RelayedBody extends Readable {
  private received = 0;
  private started = false;
  private held: Buffer[] | undefined;
  /** First and last significant bytes so far, for the JSON check. */
  private opening: number | undefined;
  private closing: number | undefined;
  private latest: Buffer | undefined;
  /** The whole answer when it ended while held back, undefined once it streams. */
  readonly ready: Promise<Buffer | undefined>;
  private settleReady!: (outcome: Buffer | undefined | Error) => void;
  private handedOn = false;

  constructor(
    private readonly upstream: IncomingMessage,
    private readonly exchange: Exchange,
    private readonly maxBytes: number,
    private readonly checkJson: boolean,
    holdBack: boolean,
  ) {
    super({ highWaterMark: CHECKED_ANSWER_BYTES });
    this.held = holdBack ? [] : undefined;
    this.ready = new Promise((resolve, reject) => {
      this.settleReady = (outcome) =>
        outcome instanceof Error ? reject(outcome) : resolve(outcome);
    });
    upstream.on('data', (chunk: Buffer) => this.accept(chunk));
    upstream.on('end', () => this.finish());
    upstream.on('error', (error) => this.fail(failure(exchange, error, true)));
    upstream.on('close', () => {
      if (!upstream.complete)
        this.fail(failure(exchange, new Error('the connection closed mid-answer'), true));
    });
  }

  private accept(chunk: Buffer): void {
    this.received += chunk.length;
    if (this.received > this.maxBytes) {
      this.fail(tooLarge(this.exchange, this.maxBytes, this.upstream.statusCode ?? 0));
      return;
    }
    if (this.held) {
      this.held.push(chunk);
      if (this.received <= CHECKED_ANSWER_BYTES) return;
      chunk = Buffer.concat(this.held, this.received);
      this.held = undefined;
    }
    if (!this.started && !this.start(chunk)) return;
    this.forward(chunk);
  }

  /** Checks the first significant byte; false when the answer was refused. */
  private start(chunk: Buffer): boolean {
    const at = firstSignificantByte(chunk);
    if (at === -1) return true;
    this.opening = chunk[at];
    if (this.checkJson && !JSON_CLOSING.has(this.opening)) {
      this.fail(notJson(this.exchange, this.upstream.statusCode ?? 0, STARTS_UNLIKE_JSON));
      return false;
    }
    this.started = true;
    this.handedOn = true;
    this.settleReady(undefined);
    return true;
  }

  private forward(chunk: Buffer): void {
    let next: Buffer | undefined = chunk;
    if (this.checkJson) {
      const last = lastSignificantByte(chunk);
      if (last !== -1) this.closing = chunk[last];
      next = this.latest;
      this.latest = chunk;
    }
    if (next && !this.push(next)) this.upstream.pause();
  }

  private finish(): void {
    if (!this.upstream.complete) return;
    this.exchange.deadline.dispose();
    if (this.held) {
      this.settleReady(Buffer.concat(this.held, this.received));
      this.held = undefined;
      this.destroy();
      return;
    }
    if (this.checkJson) {
      const problem = jsonEndsProblem(this.opening, this.closing);
      if (problem) {
        this.fail(notJson(this.exchange, this.upstream.statusCode ?? 0, problem));
        return;
      }
      if (this.latest) this.push(this.latest);
    }
    this.handedOn = true;
    this.settleReady(undefined);
    this.push(null);
  }

  /** Before the body is handed on, the error goes to whoever awaits `ready` (no consumer listens yet). */
  private fail(error: ManagedApiError): void {
    if (this.handedOn) this.destroy(error);
    else {
      this.settleReady(error);
      this.destroy();
    }
  }

  override _read(): void {
    this.upstream.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.exchange.deadline.dispose();
    if (!this.upstream.complete) this.upstream.destroy();
    callback(error);
  }
}

export class HostTransport {
  private readonly connections = new Map<string, HostConnection>();
  private readonly budget: BufferBudget;

  constructor(private readonly settings: TransportSettings) {
    this.budget = new BufferBudget(settings.maxBufferedBytes);
  }

  /**
   * The host's connection. With a CA file, each call stats it (without opening it, so a pipe or a
   * device cannot block) and the file is read again, with the checks it had when stored, only when it
   * changed.
   */
  private async connection(host: HostEndpoint): Promise<HostConnection> {
    const existing = this.connections.get(host.id);
    if (existing && sameEndpoint(existing.key, host)) {
      if (existing.caVersion === undefined) return existing;
      if ((await this.caFileVersion(host)) === existing.caVersion) return existing;
    }
    const url = new URL(`${host.url}:${host.port}`);
    const secure = url.protocol === 'https:';
    const ca = secure && host.ca_file ? await this.readCa(host) : undefined;
    // Another request may have opened the same connection while this one read the file.
    const current = this.connections.get(host.id);
    if (current && sameEndpoint(current.key, host) && current.caVersion === ca?.version)
      return current;
    current?.agent.destroy();
    const agentOptions = {
      keepAlive: true,
      maxSockets: this.settings.maxSockets,
      maxFreeSockets: this.settings.maxSockets,
    };
    const agent = secure
      ? new https.Agent({ ...agentOptions, rejectUnauthorized: host.tls_verify, ca: ca?.pem })
      : new http.Agent(agentOptions);
    const connection: HostConnection = {
      key: { url: host.url, port: host.port, tls_verify: host.tls_verify, ca_file: host.ca_file },
      origin: url.origin,
      // node:http wants IPv6 literals without their brackets.
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(url.port || (secure ? 443 : 80)),
      client: secure ? https : http,
      agent,
      ...(ca && { caVersion: ca.version }),
    };
    this.connections.set(host.id, connection);
    return connection;
  }

  /** Identity, size and change times of the CA file: a replaced or rewritten file differs. */
  private async caFileVersion(host: HostEndpoint): Promise<string> {
    const info = await stat(host.ca_file as string).catch((error: NodeJS.ErrnoException) => {
      throw caFileError(host, `cannot be read (${error.code ?? 'error'})`);
    });
    return `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
  }

  private async readCa(host: HostEndpoint): Promise<{ pem: string; version: string }> {
    const version = await this.caFileVersion(host);
    try {
      return {
        pem: await readCaFile(host.ca_file as string, this.settings.maxCaFileBytes),
        version,
      };
    } catch (error) {
      if (error instanceof ApiHostInputError) throw caFileError(host, error.reason);
      throw error;
    }
  }

  /** Sends one request and resolves with the whole answer, parsed; rejects with a `ManagedApiError`. */
  async send(
    host: HostEndpoint,
    options: SendOptions,
    deadline: Deadline,
  ): Promise<UpstreamAnswer> {
    const exchange: Exchange = { host, connection: await this.connection(host), deadline };
    const response = await this.exchange(exchange, options);
    const status = response.statusCode ?? 0;
    const raw = await this.readWhole(exchange, response, status >= 400 ? options : undefined);
    const contentType = response.headers['content-type'];
    let data = parsed(exchange, raw, contentType, status);
    if (status < 400 && reportsFailure(data))
      data = parsed(exchange, scrubSecrets(raw, secretsOf(options)), contentType, status);
    return { status, headers: headerRecord(response.headers), data };
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
    const exchange: Exchange = { host, connection: await this.connection(host), deadline };
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

  /** The whole body, within the size limit and the shared budget; secrets sent are scrubbed from errors. */
  private readWhole(
    exchange: Exchange,
    response: IncomingMessage,
    scrubFor: SendOptions | undefined,
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
        this.budget.give(reserved);
        reserved = 0;
        const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
        resolve(scrubFor ? scrubSecrets(raw, secretsOf(scrubFor)) : raw);
      });
    });
  }

  /** Drops the keep-alive sockets of a host whose settings changed or that was removed. */
  forget(hostId: string): void {
    this.connections.get(hostId)?.agent.destroy();
    this.connections.delete(hostId);
  }

  close(): void {
    for (const connection of this.connections.values()) connection.agent.destroy();
    this.connections.clear();
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
    const first = firstSignificantByte(raw);
    const last = lastSignificantByte(raw);
    // A lone `{` or `"` starts and ends at one byte; only a one-digit number may.
    const closing = last > first || DIGITS.has(raw[last]) ? raw[last] : undefined;
    const problem = jsonEndsProblem(first === -1 ? undefined : raw[first], closing);
    if (problem) throw notJson(exchange, status, problem);
  }
  return { status, contentType, contentLength: raw.length, body: raw };
}

/**
 * Where JSON.parse stopped, without the piece of the body its message quotes: a large answer is not
 * scrubbed, and a quoted piece could hold part of a secret.
 */
function parseFailure(error: Error): string {
  if (/end of JSON input/.test(error.message)) return 'it ends before the document does';
  const position = /position (\d+)/.exec(error.message);
  return position ? `unexpected input at character ${position[1]}` : STARTS_UNLIKE_JSON;
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
