/** The host's indexer service (`core.opensearch`). */
export { OpenSearchService } from './opensearch-service';
