/** The plugin's indexer connection, its settings and its one typed failure. */
export { IndexerConnection } from './connection';
export { configuredIndexer } from './configured-indexer';
export { IndexerError, malformedResponse } from './errors';
export { indexerStatus } from './status';
