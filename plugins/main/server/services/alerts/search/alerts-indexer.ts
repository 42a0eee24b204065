/**
 * The indexer requests the alerts service makes through the plugin's connection: a search over the
 * alerts pattern, a search inside a point in time, opening and closing a point in time. Failures
 * come back as the connection's typed `IndexerError` (502/504 with the reason, credentials out);
 * an answer without OpenSearch's shape is an `indexer_bad_answer`, never a crash further on, and no
 * more hits are read than the search asked for.
 */
import type { IndexerConnection } from '../indexer';
import type { StreamedAnswer } from '../indexer/connection';
import { searchHits, type IndexerHit, type IndexerTotal } from '../indexer/answer-shapes';
import { badAnswer } from '../indexer/errors';

export interface SearchAnswer {
  hits: { total?: IndexerTotal; hits: IndexerHit[] };
  aggregations?: Record<string, unknown>;
  pit_id?: string;
}

export type SearchBody = Record<string, unknown>;

export interface AlertsIndexerDeps {
  /** The plugin's indexer connection (its `request` maps failures and aborts with the signal). */
  connection: Pick<IndexerConnection, 'request' | 'stream'>;
  pattern: string;
}

/** OpenSearch's default `size`. */
const DEFAULT_SIZE = 10;

/** The answer to `asked` (its `size`), its hits checked and cut to that size. */
function readAnswer(asked: SearchBody, answer: Record<string, unknown>): SearchAnswer {
  const size = typeof asked.size === 'number' ? asked.size : DEFAULT_SIZE;
  const aggregations = answer.aggregations;
  if (aggregations !== undefined && (typeof aggregations !== 'object' || aggregations === null))
    throw badAnswer('aggregations that are not an object');
  const pitId = answer.pit_id;
  if (pitId !== undefined && typeof pitId !== 'string')
    throw badAnswer('a pit_id that is not text');
  const hits = searchHits(answer, size);
  if (asked.track_total_hits === true && hits.total === undefined)
    throw badAnswer('a search answer without the total it was asked for');
  return {
    hits,
    ...(aggregations !== undefined && { aggregations: aggregations as Record<string, unknown> }),
    ...(pitId !== undefined && { pit_id: pitId }),
  };
}

export class AlertsIndexer {
  constructor(private readonly deps: AlertsIndexerDeps) {}

  /** `POST /<alerts pattern>/_search` (or another pattern the service chose, never the caller). */
  async search(
    body: SearchBody,
    signal?: AbortSignal,
    index: string = this.deps.pattern,
  ): Promise<SearchAnswer> {
    return readAnswer(
      body,
      await this.deps.connection.request((client) => client.search({ index, body }), signal),
    );
  }

  /** `POST /_search` inside the point in time `body.pit` names (no index: the PIT has them). */
  async searchInPit(body: SearchBody, signal?: AbortSignal): Promise<SearchAnswer> {
    return readAnswer(
      body,
      await this.deps.connection.request((client) => client.search({ body }), signal),
    );
  }

  /** The same, its answer left unread for a reader that takes it as it arrives (the CSV export). */
  async searchInPitStreamed(body: SearchBody, signal?: AbortSignal): Promise<StreamedAnswer> {
    return this.deps.connection.stream(
      (client) => client.search({ body }, { asStream: true }),
      signal,
    );
  }

  /** `POST /<alerts pattern>/_search/point_in_time?keep_alive=…`: the id of a new point in time. */
  async openPit(keepAlive: string, signal?: AbortSignal): Promise<string> {
    const index = this.deps.pattern;
    const body = await this.deps.connection.request(
      (client) => client.createPit({ index: [index], keep_alive: keepAlive }),
      signal,
    );
    if (typeof body.pit_id !== 'string') throw badAnswer('a point in time without pit_id');
    return body.pit_id;
  }

  /** `DELETE /_search/point_in_time`. */
  async closePit(pitId: string): Promise<void> {
    await this.deps.connection.request((client) => client.deletePit({ body: { pit_id: [pitId] } }));
  }
}
