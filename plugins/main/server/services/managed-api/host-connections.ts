/**
 * Keep-alive agents per host (and per TLS setting), opened when a host is first used and again when
 * its settings or its CA file change; the CA file is read only when it changed.
 */
import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { RequestFieldError } from '../request-field-error';
import { readCaFile } from '../api-hosts/ca-file';
import { ApiHostTlsError } from './errors';
import { describeHost, type HostEndpoint } from './host-endpoint';

type EndpointKey = Pick<HostEndpoint, 'url' | 'port' | 'tls_verify' | 'ca_file'>;

/** A host's endpoint, parsed once when the host is first used or its settings change. */
export interface HostConnection {
  key: EndpointKey;
  origin: string;
  hostname: string;
  port: number;
  client: typeof http | typeof https;
  agent: http.Agent;
  /** Which version of the host's CA file the agent trusts (see `caFileVersion`); none without one. */
  caVersion?: string;
}

export interface HostConnectionSettings {
  /** Sockets kept per host. */
  maxSockets: number;
  /** Largest CA file of a host, checked again whenever the file changes (as when it is stored). */
  maxCaFileBytes: number;
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
  const key = reason.startsWith('must be at most') ? ' (svc.api.maxCaFileBytes)' : '';
  return new ApiHostTlsError(
    `The CA file of ${describeHost(host)} ${reason}${key}; fix the file or the host's settings.`,
    host.id,
  );
}

export class HostConnections {
  private readonly connections = new Map<string, HostConnection>();

  constructor(private readonly settings: HostConnectionSettings) {}

  /**
   * The host's connection. With a CA file, each call stats it (without opening it, so a pipe or a
   * device cannot block) and the file is read again, with the checks it had when stored, only when it
   * changed.
   */
  async of(host: HostEndpoint): Promise<HostConnection> {
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
      if (error instanceof RequestFieldError) throw caFileError(host, error.reason);
      throw error;
    }
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
