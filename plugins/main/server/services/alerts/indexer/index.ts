/** The plugin's indexer connection, its settings and its one typed failure. */
export { IndexerConnection, type IndexerTarget } from './connection';
export { configuredIndexer, publicHostUrl } from './configured-indexer';
export {
  IndexerError,
  isIndexerError,
  malformedResponse,
  notConfiguredError,
  scrubCredentials,
  toIndexerError,
  type IndexerErrorCode,
  type IndexerUpstream,
} from './errors';
export type { IndexerConfig } from './indexer-config';
export { indexerStatus, type StatusProbeDeps } from './status';
