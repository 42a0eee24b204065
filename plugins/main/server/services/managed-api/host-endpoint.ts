/** A managed-API host as the transport sees it, and how messages name it. */

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

export function hostOrigin(host: Pick<HostEndpoint, 'url' | 'port'>): string {
  return new URL(`${host.url}:${host.port}`).origin;
}
