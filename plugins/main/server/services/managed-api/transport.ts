/**
 * HTTP transport to the managed-API hosts: keep-alive agents per host (and per TLS setting), every
 * answer resolved with its status and parsed body, every failure typed. Redirects are never followed
 * so no request can leave for another origin.
 *
 * Built on node:http rather than axios: on the proxy path axios spent as much CPU per request as
 * the rest of the dashboard (proxy.bench.ts: about 1,000 against 2,100 proxied requests/s at saturation).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { ManagedApiMethod } from '../../types';
import type { Deadline } from './deadline';
import { ApiHostTlsError, MalformedApiResponseError } from './errors';
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

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the host sent JSON, the text otherwise, undefined for an empty body. */
  data: unknown;
  /** The body exactly as received, for passing it on unchanged. */
  raw: Buffer;
}

export interface SendOptions {
  method: ManagedApiMethod;
  /** Checked path with its query string, appended to the host's origin. */
  path: string;
  headers?: Record<string, string>;
  /** JSON text (or any text) to send as the body. */
  body?: string;
  auth?: { username: string; password: string };
}

export interface TransportSettings {
  /** Largest body accepted from a host, in bytes. */
  maxResponseBytes: number;
  /** Sockets kept per host. */
  maxSockets: number;
}

export function hostOrigin(host: Pick<HostEndpoint, 'url' | 'port'>): string {
  return new URL(`${host.url}:${host.port}`).origin;
}

type EndpointKey = Pick<HostEndpoint, 'url' | 'port' | 'tls_verify' | 'ca_file'>;

function sameEndpoint(key: EndpointKey, host: HostEndpoint): boolean {
  return (
    key.url === host.url &&
    key.port === host.port &&
    key.tls_verify === host.tls_verify &&
    key.ca_file === host.ca_file
  );
}

function headerRecord(headers: Record<string, unknown>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    record[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return record;
}

function parseBody(
  raw: Buffer,
  contentType: string | undefined,
  host: HostEndpoint,
  status: number,
): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  if (!contentType || !/[/+]json\b/i.test(contentType)) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new MalformedApiResponseError(
      `${describeHost(host)} answered ${status} with a body that is not valid JSON (${(error as Error).message}).`,
      host.id,
      { status },
    );
  }
}

interface HostConnection {
  key: EndpointKey;
  origin: string;
  client: typeof http | typeof https;
  agent: http.Agent;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}

function basicCredentials(auth: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64')}`;
}

export class HostTransport {
  private readonly connections = new Map<string, HostConnection>();

  constructor(private readonly settings: TransportSettings) {}

  private connection(host: HostEndpoint): HostConnection {
    const existing = this.connections.get(host.id);
    if (existing && sameEndpoint(existing.key, host)) return existing;
    existing?.agent.destroy();
    const origin = hostOrigin(host);
    const agentOptions = {
      keepAlive: true,
      maxSockets: this.settings.maxSockets,
      maxFreeSockets: this.settings.maxSockets,
    };
    const secure = origin.startsWith('https:');
    const agent = secure
      ? new https.Agent({
          ...agentOptions,
          rejectUnauthorized: host.tls_verify,
          ca: host.ca_file ? this.readCa(host) : undefined,
        })
      : new http.Agent(agentOptions);
    const key = {
      url: host.url,
      port: host.port,
      tls_verify: host.tls_verify,
      ca_file: host.ca_file,
    };
    const connection = { key, origin, client: secure ? https : http, agent };
    this.connections.set(host.id, connection);
    return connection;
  }

  private readCa(host: HostEndpoint): Buffer {
    try {
      return readFileSync(host.ca_file as string);
    } catch (error) {
      throw new ApiHostTlsError(
        `The CA file of ${describeHost(host)} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
        host.id,
        {
          code: (error as NodeJS.ErrnoException).code,
        },
      );
    }
  }

  /** `http(s)://host:port` of the host, as its connection uses it. */
  originOf(host: HostEndpoint): string {
    return this.connection(host).origin;
  }

  /** Sends one request and resolves with any HTTP answer; rejects with a `ManagedApiError` otherwise. */
  async send(
    host: HostEndpoint,
    options: SendOptions,
    deadline: Deadline,
  ): Promise<UpstreamAnswer> {
    const connection = this.connection(host);
    const { status, headers, raw } = await this.exchange(host, connection, options, deadline);
    const record = headerRecord(headers);
    return {
      status,
      headers: record,
      raw,
      data: parseBody(raw, record['content-type'], host, status),
    };
  }

  private exchange(
    host: HostEndpoint,
    connection: HostConnection,
    options: SendOptions,
    deadline: Deadline,
  ): Promise<RawAnswer> {
    const body = options.body === undefined ? undefined : Buffer.from(options.body, 'utf8');
    const headers: Record<string, string> = {
      accept: 'application/json, text/plain, */*',
      ...options.headers,
    };
    if (options.auth) headers.authorization = basicCredentials(options.auth);
    if (body) headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      let responseStarted = false;
      const fail = (error: unknown): void =>
        reject(
          error instanceof MalformedApiResponseError
            ? error
            : toManagedApiError(error, {
                apiHostId: host.id,
                hostName: describeHost(host),
                origin: connection.origin,
                timeoutMs: deadline.timeoutMs,
                timedOut: deadline.timedOut(),
                callerAborted: deadline.signal.aborted && !deadline.timedOut(),
                responseStarted,
              }),
        );
      const request = connection.client.request(
        `${connection.origin}${options.path}`,
        { method: options.method, headers, agent: connection.agent, signal: deadline.signal },
        (response) => {
          responseStarted = true;
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > this.settings.maxResponseBytes) {
              response.destroy(
                new MalformedApiResponseError(
                  `${describeHost(host)} sent an answer larger than ${this.settings.maxResponseBytes} bytes.`,
                  host.id,
                  {
                    status: response.statusCode,
                  },
                ),
              );
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', fail);
          response.on('close', () => {
            if (!response.complete)
              fail(new Error('the connection closed before the whole answer arrived'));
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              raw: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size),
            }),
          );
        },
      );
      request.on('error', fail);
      request.end(body);
    });
  }

  /** Drops the keep-alive sockets of a host whose settings changed or that was removed. */
  forget(apiHostId: string): void {
    this.connections.get(apiHostId)?.agent.destroy();
    this.connections.delete(apiHostId);
  }

  close(): void {
    for (const connection of this.connections.values()) connection.agent.destroy();
    this.connections.clear();
  }
}
