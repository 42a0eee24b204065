/**
 * How an indexer client is built from the settings a plugin gives: nodes, Basic credentials, the
 * TLS trust (`full`, `certificate`, `none`), the time limit of one attempt and the size limit of
 * one answer.
 */
import type { ConnectionOptions as TlsConnectionOptions } from 'node:tls';
import type { ClientOptions } from '@opensearch-project/opensearch';
import type { OpenSearchClientConfig } from '../types';
import { nodeConnection } from './node-connection';

/** What TLS checks: `full` the chain and the host name, `certificate` the chain only, `none` nothing. */
function tlsOptions(config: OpenSearchClientConfig): TlsConnectionOptions {
  const ca = config.certificateAuthorities?.length ? [...config.certificateAuthorities] : undefined;
  switch (config.verificationMode) {
    case 'none':
      return { rejectUnauthorized: false };
    case 'certificate':
      return { ...(ca && { ca }), rejectUnauthorized: true, checkServerIdentity: () => undefined };
    default:
      return { ...(ca && { ca }), rejectUnauthorized: true };
  }
}

export function clientOptions(config: OpenSearchClientConfig): ClientOptions {
  if (config.hosts.length === 0) throw new Error('An indexer client needs at least one host.');
  return {
    nodes: [...config.hosts],
    ...(config.username !== undefined && {
      auth: { username: config.username, password: config.password ?? '' },
    }),
    ssl: tlsOptions(config),
    requestTimeout: config.requestTimeoutMs,
    Connection: nodeConnection(config.maxResponseBytes),
    // A request that fails on one node (unreachable, 502/503/504) is tried once on each other node,
    // never twice on the same one: the pool marks the failed node dead and picks the next.
    maxRetries: config.hosts.length - 1,
    // Nodes are the ones configured: asking the cluster for more would reach nodes the
    // dashboard may not be allowed to (or cannot) connect to.
    sniffOnStart: false,
    sniffOnConnectionFault: false,
  };
}
