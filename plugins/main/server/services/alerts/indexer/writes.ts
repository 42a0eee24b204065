/**
 * The dashboard's writes to the indexer, through the same connection as its reads (bounded by its
 * time budget, failures typed and scrubbed): index templates and bulk indexing. Only the background
 * jobs write; nothing a user sends is written.
 */
import type { IndexerConnection } from './connection';
import { badAnswer } from './errors';

/** `PUT _index_template/{name}`: creates or replaces it. */
export async function putIndexTemplate(
  connection: IndexerConnection,
  name: string,
  template: Record<string, unknown>,
): Promise<void> {
  await connection.request((client) => client.indices.putIndexTemplate({ name, body: template }));
}

export interface BulkOutcome {
  /** Documents the indexer accepted. */
  written: number;
  /** Documents it refused. */
  failed: number;
  /** The first refusal's reason, when there was one. */
  firstError?: string;
}

interface BulkItem {
  status?: unknown;
  error?: { type?: unknown; reason?: unknown };
}

/**
 * One `_bulk` request of `index` actions: `body` is its NDJSON, each line ended by a newline. The
 * indexer answers 200 even when some documents were refused: they are counted, with the first
 * reason, so the caller can say so.
 */
export async function bulkIndex(connection: IndexerConnection, body: string): Promise<BulkOutcome> {
  // The client sends a string body as it is (its types list only the parsed form): the batches are
  // built as text so their size is known before they are sent.
  const answer = await connection.request((client) =>
    client.bulk({ body: body as unknown as Parameters<typeof client.bulk>[0]['body'] }),
  );
  const items = (answer as { items?: unknown }).items;
  if (!Array.isArray(items)) throw badAnswer('a _bulk answer without items');
  const outcome: BulkOutcome = { written: 0, failed: 0 };
  for (const entry of items as Array<Record<string, BulkItem>>) {
    const item = entry && Object.values(entry)[0];
    const status = typeof item?.status === 'number' ? item.status : 0;
    if (status >= 200 && status < 300) {
      outcome.written++;
      continue;
    }
    outcome.failed++;
    outcome.firstError ??=
      connection.copied(item?.error?.reason) ??
      connection.copied(item?.error?.type) ??
      `status ${status}`;
  }
  return outcome;
}
