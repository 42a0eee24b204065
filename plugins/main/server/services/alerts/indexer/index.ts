/** The plugin's indexer connection, its settings and its one typed failure. */
export { IndexerConnection } from './connection';
export { configuredIndexer } from './configured-indexer';
export { IndexerError, badAnswer } from './errors';
export { indexerStatus } from './status';
