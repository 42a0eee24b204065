/**
 * The indexer requests the alerts service makes through the plugin's connection: a search over the
 * alerts pattern, a search inside a point in time, opening and closing a point in time. Failures
 * come back as the connection's typed `IndexerError` (502/504 with the reason, credentials out);
 * an answer without OpenSearch's shape is a malformed-answer error, never a crash further on.
 */
import type { IndexerConnection } from '../indexer';
import type { StreamedAnswer } from '../indexer/connection';
import { malformedResponse } from '../indexer/errors';

interface SearchHit {
  _id: string;
  _index: string;
  _source?: Record<string, unknown>;
  sort?: unknown[];
}

export interface SearchAnswer {
  hits: { total?: { value: number; relation: 'eq' | 'gte' }; hits: SearchHit[] };
  aggregations?: Record<string, unknown>;
  pit_id?: string;
}

export type SearchBody = Record<string, unknown>;

export interface AlertsIndexerDeps {
  /** The plugin's indexer connection (its `request` maps failures and aborts with the signal). */
  connection: Pick<IndexerConnection, 'request' | 'stream'>;
  pattern: string;
}

function readAnswer(body: unknown): SearchAnswer {
  const hits = (body as SearchAnswer | undefined)?.hits;
  if (!hits || !Array.isArray(hits.hits)) throw malformedResponse('a search answer without hits');
  return body as SearchAnswer;
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
      await this.deps.connection.request((client) => client.search({ index, body }), signal),
    );
  }

  /** `POST /_search` inside the point in time `body.pit` names (no index: the PIT has them). */
  async searchInPit(body: SearchBody, signal?: AbortSignal): Promise<SearchAnswer> {
    return readAnswer(
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
    if (typeof body.pit_id !== 'string') throw malformedResponse('a point in time without pit_id');
    return body.pit_id;
  }

  /** `DELETE /_search/point_in_time`. */
  async closePit(pitId: string): Promise<void> {
    await this.deps.connection.request((client) => client.deletePit({ body: { pit_id: [pitId] } }));
  }
}
