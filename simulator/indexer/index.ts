/**
 * The OpenSearch (Wazuh indexer) stand-in: demo mode runs it when no indexer is configured, and every
 * alerts test uses it as the indexer. It speaks OpenSearch 2.x's REST protocol and imports no product code.
 */
export { startIndexer } from './server';
export type { IndexerStandIn, IndexerStandInOptions } from './server';
export type { IndexerFaults } from './faults';
