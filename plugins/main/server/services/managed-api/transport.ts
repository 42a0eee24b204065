/**
 * HTTP transport to the managed-API hosts: one axios instance with keep-alive agents per host
 * (and per TLS setting), every answer resolved with its status and parsed body, every failure typed.
 * Redirects are never followed so no request can leave for another origin.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import axios, { isAxiosError, type AxiosInstance, type RawAxiosRequestHeaders } from 'axios';
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
  headers?: RawAxiosRequestHeaders;
  body?: unknown;
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

function endpointKey(host: HostEndpoint): string {
  return JSON.stringify([host.url, host.port, host.tls_verify, host.ca_file ?? null]);
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
  key: string;
  origin: string;
  axios: AxiosInstance;
  agent: http.Agent;
}

export class HostTransport {
  private readonly connections = new Map<string, HostConnection>();

  constructor(private readonly settings: TransportSettings) {}

  private connection(host: HostEndpoint): HostConnection {
    const key = endpointKey(host);
    const existing = this.connections.get(host.id);
    if (existing?.key === key) return existing;
    existing?.agent.destroy();
    const origin = hostOrigin(host);
    const agentOptions = {
      keepAlive: true,
      maxSockets: this.settings.maxSockets,
      maxFreeSockets: this.settings.maxSockets,
    };
    let agent: http.Agent;
    if (origin.startsWith('https:')) {
      agent = new https.Agent({
        ...agentOptions,
        rejectUnauthorized: host.tls_verify,
        ca: host.ca_file ? this.readCa(host) : undefined,
      });
    } else {
      agent = new http.Agent(agentOptions);
    }
    const instance = axios.create({
      baseURL: origin,
      httpAgent: agent,
      httpsAgent: agent,
      maxRedirects: 0,
      proxy: false,
      responseType: 'arraybuffer',
      transformResponse: [(data: unknown) => data],
      validateStatus: () => true,
      maxContentLength: this.settings.maxResponseBytes,
      maxBodyLength: this.settings.maxResponseBytes,
    });
    const connection = { key, origin, axios: instance, agent };
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

  /** Sends one request and resolves with any HTTP answer; rejects with a `ManagedApiError` otherwise. */
  async send(
    host: HostEndpoint,
    options: SendOptions,
    deadline: Deadline,
  ): Promise<UpstreamAnswer> {
    const connection = this.connection(host);
    try {
      const response = await connection.axios.request<Buffer>({
        method: options.method,
        url: options.path,
        headers: options.headers,
        data: options.body,
        auth: options.auth,
        signal: deadline.signal,
      });
      const headers = headerRecord(response.headers as Record<string, unknown>);
      const raw = Buffer.isBuffer(response.data) ? response.data : Buffer.from(response.data ?? '');
      return {
        status: response.status,
        headers,
        raw,
        data: parseBody(raw, headers['content-type'], host, response.status),
      };
    } catch (error) {
      if (error instanceof MalformedApiResponseError) throw error;
      throw toManagedApiError(error, {
        hostId: host.id,
        hostName: describeHost(host),
        origin: connection.origin,
        timeoutMs: deadline.timeoutMs,
        timedOut: deadline.timedOut(),
        callerAborted: deadline.signal.aborted && !deadline.timedOut(),
        // axios attaches the response to errors raised while its body was arriving.
        responseStarted: isAxiosError(error) && error.response !== undefined,
      });
    }
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
