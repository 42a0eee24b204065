/**
 * Live failure knobs for tests: the indexer down, slow, answering 401/429/503/500 with OpenSearch's
 * error bodies, or answering with a body that is not JSON.
 */
import { type OpenSearchErrorAnswer, simpleError, unauthorized } from './errors';

export interface IndexerFaults {
  /** Every connection (new or kept alive) is destroyed without an answer. */
  down?: boolean;
  /** Each request waits this long before it is handled. */
  latencyMs?: number;
  /** Every request is answered with this status and OpenSearch's body for it. */
  status?: 401 | 429 | 503 | 500;
  /** Every request gets a 200 whose body is cut short (not JSON). */
  malformed?: boolean;
}

export function faultError(status: NonNullable<IndexerFaults['status']>): OpenSearchErrorAnswer {
  switch (status) {
    case 401:
      return unauthorized();
    case 429:
      return simpleError(
        429,
        'too_many_requests',
        'rejected execution of search request: too many requests in flight',
      );
    case 503:
      return simpleError(
        503,
        'es_rejected_execution_exception',
        'rejected execution of org.opensearch.common.util.concurrent.TimedRunnable@5f3e4c2b on OpenSearchThreadPoolExecutor[name = wazuh-indexer-standin/search, queue capacity = 1000, active threads = 3, queued tasks = 1000, completed tasks = 48151]',
      );
    default:
      return simpleError(500, 'exception', 'Internal server error');
  }
}

/** The start of a search answer, cut off: what a proxy dropping the connection mid-body leaves. */
export const MALFORMED_BODY =
  '{"took":3,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1';
