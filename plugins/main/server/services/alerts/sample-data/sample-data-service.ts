/**
 * Sample data on the indexer (Settings → Sample data, admins only): each category's status, adding
 * it (the index created with the alerts mapping, the alerts sent with `_bulk` in chunks, then
 * refreshed so they show at once) and removing it. Adding an installed category replaces it.
 */
import {
  SAMPLE_DATA_CATEGORIES,
  type SampleDataCategory,
  type SampleDataStatus,
} from '@main/common/alerts/api';
import type { ApiHostRequester } from '../../managed-api/api-host-requester';
import { type IndexerConnection, badAnswer, IndexerError } from '../indexer';
import { isCount } from '../indexer/answer-shapes';
import type { AlertsScope } from '../scope';
import { generateSampleAlerts, type SampleAlert, type SampleAlertsContext } from './generator';
import {
  SAMPLE_INDEX_BODY,
  SAMPLE_STATES_INDEX,
  SAMPLE_STATES_INDEX_BODY,
  sampleIndex,
} from './sample-index';
import { readSampleTarget } from './sample-target';
import { generateVulnerabilityStates } from './vulnerability-states';

/** Alerts of each kind a category is added with (security has 7 kinds, the others 3). */
const DEFAULT_ALERTS_PER_KIND = 500;
/** Alerts per `_bulk` request: about 1 MB, well below any indexer's `http.max_content_length`. */
const DEFAULT_BULK_CHUNK = 1_000;

export type SampleTarget = Omit<SampleAlertsContext, 'now' | 'seed' | 'rangeMs'>;

export interface SampleDataServiceDeps {
  indexer: IndexerConnection;
  now?: () => number;
  alertsPerKind?: number;
  bulkChunk?: number;
}

/** A `_bulk` answer as it may come: nothing in it is trusted before it is checked. */
interface BulkAnswer {
  errors?: unknown;
  items?: unknown;
}

interface BulkItemResult {
  status?: unknown;
  error?: { type?: unknown; reason?: unknown } | null;
}

/** A seed per category, so a category added twice on the same day gets the same alerts. */
function seedOf(category: SampleDataCategory): number {
  return [...category].reduce(
    (hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619),
    2_166_136_261,
  );
}

export class SampleDataService {
  private readonly now: () => number;
  private readonly alertsPerKind: number;
  private readonly bulkChunk: number;

  constructor(private readonly deps: SampleDataServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.alertsPerKind = deps.alertsPerKind ?? DEFAULT_ALERTS_PER_KIND;
    this.bulkChunk = deps.bulkChunk ?? DEFAULT_BULK_CHUNK;
  }

  async statuses(signal?: AbortSignal): Promise<SampleDataStatus[]> {
    return Promise.all(SAMPLE_DATA_CATEGORIES.map(({ id }) => this.status(id, signal)));
  }

  async status(category: SampleDataCategory, signal?: AbortSignal): Promise<SampleDataStatus> {
    const index = sampleIndex(category);
    const { statusCode, body } = await this.deps.indexer.answer(
      (client) => client.count({ index }, { ignore: [404] }),
      signal,
    );
    if (statusCode === 404) return { category, index, installed: false, count: 0 };
    const count = (body as { count?: unknown } | undefined)?.count;
    if (!isCount(count)) throw badAnswer(`_count of ${index} gave no count`);
    return { category, index, installed: true, count };
  }

  /** Installs `category` for `target`'s agents and manager over the last 7 days; `signal` stops it. */
  async add(
    category: SampleDataCategory,
    target: SampleTarget,
    signal?: AbortSignal,
  ): Promise<SampleDataStatus> {
    const alerts = generateSampleAlerts(category, this.count(category), {
      ...target,
      now: this.now(),
      seed: seedOf(category) ^ Math.floor(this.now() / 86_400_000),
    });
    await this.remove(category, signal);
    const index = sampleIndex(category);
    await this.deps.indexer.request(
      (client) => client.indices.create({ index, body: SAMPLE_INDEX_BODY }),
      signal,
    );
    await this.write(index, alerts, signal);
    await this.deps.indexer.request((client) => client.indices.refresh({ index }), signal);
    return { category, index, installed: true, count: alerts.length };
  }

  /**
   * Installs `category` for an API host: its agents and manager as `requester` (the admin's
   * identity there) lists them, pinned like the host's own alerts.
   */
  async addForHost(
    category: SampleDataCategory,
    host: { requester: ApiHostRequester; apiHostId: string; pin: AlertsScope['pin'] },
  ): Promise<SampleDataStatus> {
    return this.add(category, await readSampleTarget(host.requester, host.apiHostId, host.pin));
  }

  /**
   * Replaces the sample vulnerability states with one per agent of `target` and CVE, under the
   * manager pin's value (the cluster's name, else the manager's), so the pinned dashboard counts them.
   */
  async addVulnerabilityStates(target: SampleTarget, signal?: AbortSignal): Promise<number> {
    const states = generateVulnerabilityStates({
      agents: target.agents,
      clusterName: target.cluster?.name ?? target.manager,
      now: this.now(),
      seed: seedOf('threat-detection') ^ Math.floor(this.now() / 86_400_000),
    });
    const index = SAMPLE_STATES_INDEX;
    await this.deps.indexer.answer(
      (client) => client.indices.delete({ index }, { ignore: [404] }),
      signal,
    );
    await this.deps.indexer.request(
      (client) => client.indices.create({ index, body: SAMPLE_STATES_INDEX_BODY }),
      signal,
    );
    await this.bulk(
      index,
      states.map((state) => [{ index: { _index: index, _id: state.id } }, state.source]),
      signal,
    );
    await this.deps.indexer.request((client) => client.indices.refresh({ index }), signal);
    return states.length;
  }

  /** Sends `alerts` to `index` with `_bulk`, in chunks; a refused alert fails the whole add. */
  write(index: string, alerts: readonly SampleAlert[], signal?: AbortSignal): Promise<void> {
    return this.bulk(
      index,
      alerts.map((alert) => [{ index: { _index: index } }, alert]),
      signal,
    );
  }

  /** Sends `_bulk` pairs (action, document) in chunks; a refused document fails the whole add. */
  private async bulk(
    index: string,
    pairs: ReadonlyArray<[object, object]>,
    signal?: AbortSignal,
  ): Promise<void> {
    for (let start = 0; start < pairs.length; start += this.bulkChunk) {
      const body = pairs.slice(start, start + this.bulkChunk).flat();
      signal?.throwIfAborted();
      const answer = await this.deps.indexer.request<BulkAnswer>(
        (client) => client.bulk({ body }),
        signal,
      );
      if (answer.errors === true) throw bulkError(index, answer, this.deps.indexer);
    }
  }

  async remove(category: SampleDataCategory, signal?: AbortSignal): Promise<SampleDataStatus> {
    const index = sampleIndex(category);
    await this.deps.indexer.answer(
      (client) => client.indices.delete({ index }, { ignore: [404] }),
      signal,
    );
    return { category, index, installed: false, count: 0 };
  }

  private count(category: SampleDataCategory): number {
    const kinds = category === 'security' ? 7 : 3;
    return kinds * this.alertsPerKind;
  }
}

/** The refusal of a bulk request, from its first failed item, every copied field scrubbed. */
function bulkError(
  index: string,
  answer: BulkAnswer,
  connection: Pick<IndexerConnection, 'copied'>,
): IndexerError {
  if (!Array.isArray(answer.items)) throw badAnswer(`a _bulk answer for ${index} without items`);
  const failed = (answer.items as unknown[])
    .map((item) =>
      typeof item === 'object' && item !== null
        ? (Object.values(item)[0] as BulkItemResult | undefined)
        : undefined,
    )
    .filter((result) => typeof result?.error === 'object' && result.error !== null);
  const first = failed[0];
  const reason = connection.copied(first?.error?.reason);
  const status = typeof first?.status === 'number' ? first.status : undefined;
  return new IndexerError(
    'indexer_bad_request',
    `The indexer refused ${failed.length} sample documents for ${index}${reason ? `: ${reason}` : ''}.`,
    { status, type: connection.copied(first?.error?.type), reason },
  );
}
