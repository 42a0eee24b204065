/** The indexer `svc.indexer` names, as a connection target: its CA files read, its client built by the host. */
import { readFile } from 'node:fs/promises';
import type { OpenSearchServiceStart } from '@host/server/types';
import { credentialSecrets } from '../../managed-api/secret-scrubber';
import type { IndexerTarget } from './connection';
import type { IndexerConfig } from './indexer-config';
import { publicHostUrl } from './public-host-url';

async function readAuthorities(paths: string[]): Promise<string[]> {
  return Promise.all(
    paths.map(async (path) => {
      try {
        return await readFile(path, 'utf8');
      } catch (error) {
        throw new Error(
          `[svc.indexer.ssl.certificateAuthorities] cannot read ${path}: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }),
  );
}

/** Undefined when no host is configured. A CA file that cannot be read stops the start, naming it. */
export async function configuredIndexer(
  config: IndexerConfig,
  opensearch: OpenSearchServiceStart,
): Promise<IndexerTarget | undefined> {
  if (config.hosts.length === 0) return undefined;
  const certificateAuthorities = await readAuthorities(config.ssl.certificateAuthorities);
  const client = opensearch.createClient({
    hosts: config.hosts,
    ...(config.username !== undefined && { username: config.username }),
    ...(config.password !== undefined && { password: config.password }),
    certificateAuthorities,
    verificationMode: config.ssl.verificationMode,
    // Each node gets an equal share of the budget, so a node that does not answer leaves the
    // others the time to.
    requestTimeoutMs: Math.max(100, Math.floor(config.requestTimeoutMs / config.hosts.length)),
    maxResponseBytes: config.maxResponseBytes,
  });
  return {
    client,
    hosts: config.hosts.map(publicHostUrl),
    demo: false,
    secrets:
      config.username !== undefined && config.password
        ? credentialSecrets(config.username, config.password)
        : [],
    requestTimeoutMs: config.requestTimeoutMs,
    nodeStates: () => opensearch.nodeStates(client),
  };
}
