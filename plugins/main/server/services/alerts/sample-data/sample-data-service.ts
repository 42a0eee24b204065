/**
 * Sample data on the indexer (Settings → Sample data, admins only): each category's status, adding
 * it (the index created with its mapping, the documents sent with `_bulk` in chunks, then
 * refreshed so they show at once) and removing it. Adding an installed category replaces it.
 * Alert categories write one alerts index; states categories one index per states dataset
 * (system inventory: one per inventory type), each mapped from the dataset's known fields.
 */
import {
  SAMPLE_DATA_CATEGORIES,
  type AlertsSampleDataCategory,
  type SampleDataCategory,
  type SampleDataStatus,
} from '@main/common/alerts/api';
import {
  ALERTS_DATASETS,
  type AlertsDatasetDefinition,
  type AlertsDatasetId,
} from '@main/common/alerts/datasets';
import type { ApiHostRequester } from '../../managed-api/api-host-requester';
import { type IndexerConnection, badAnswer, IndexerError } from '../indexer';
import { isCount } from '../indexer/answer-shapes';
import type { AlertsScope } from '../scope';
import { generateSampleAlerts, type SampleAlert, type SampleAlertsContext } from './generator';
import { generateInventoryStates } from './inventory-states';
import { SAMPLE_INDEX_BODY, sampleIndex, sampleStatesIndex, statesIndexBody } from './sample-index';
import { readSampleTarget } from './sample-target';
import { generateVulnerabilityStates } from './vulnerability-states';

/** Alerts of each kind a category is added with (security has 7 kinds, the others 3). */
const DEFAULT_ALERTS_PER_KIND = 500;
/** Alerts per `_bulk` request: about 1 MB, well below any indexer's `http.max_content_length`. */
const DEFAULT_BULK_CHUNK = 1_000;

export type SampleTarget = Omit<SampleAlertsContext, 'now' | 'seed' | 'rangeMs'>;

type StatesSampleDataCategory = Exclude<SampleDataCategory, AlertsSampleDataCategory>;

/** One sample states document: the dataset it belongs to, its id and its body. */
interface SampleState {
  dataset: AlertsDatasetId;
  id: string;
  source: Record<string, unknown>;
}

/** Makes the states documents of a category for a target (demo mode brings its own). */
export type SampleStatesSource = (
  category: StatesSampleDataCategory,
  target: SampleTarget,
  context: { now: number; seed: number },
) => Iterable<SampleState>;

/** The manager pin's value in states documents: the cluster's name, else the manager's. */
export function statesPinValue(target: SampleTarget): string {
  return target.cluster?.name ?? target.manager;
}

/** The dashboard's own sample states. */
export const generatedSampleStates: SampleStatesSource = (category, target, { now, seed }) => {
  if (category === 'wazuh-vulnerabilities')
    return generateVulnerabilityStates({
      agents: target.agents,
      clusterName: statesPinValue(target),
      now,
      seed,
    }).map((state) => ({ dataset: 'vulnerabilities', ...state }));
  return generateInventoryStates({
    agents: target.agents,
    clusterName: statesPinValue(target),
    clusterNode: target.cluster?.node ?? target.manager,
    now,
    seed,
  }).map(({ type, ...state }) => ({ dataset: `inventory-${type}`, ...state }));
};

const isAlertsCategory = (category: SampleDataCategory): category is AlertsSampleDataCategory =>
  SAMPLE_DATA_CATEGORIES.some((known) => known.id === category && known.dataset === 'alerts');

/** The states datasets a category writes: one per inventory type, or the vulnerabilities. */
function categoryDatasets(category: StatesSampleDataCategory): AlertsDatasetDefinition[] {
  const dataset = SAMPLE_DATA_CATEGORIES.find((known) => known.id === category)?.dataset;
  if (dataset === 'inventory')
    return ALERTS_DATASETS.filter((definition) => definition.id.startsWith('inventory-'));
  return ALERTS_DATASETS.filter((definition) => definition.id === dataset);
}

/** The indices a category writes. */
function sampleDataIndices(category: SampleDataCategory): string[] {
  if (isAlertsCategory(category)) return [sampleIndex(category)];
  return categoryDatasets(category).map((dataset) => sampleStatesIndex(dataset, category));
}

/** How a category's status names where it lives: its index, or the pattern of its indices. */
function statusIndex(category: SampleDataCategory): string {
  const indices = sampleDataIndices(category);
  return indices.length === 1 ? indices[0] : `wazuh-states-inventory-*-sample-${category}`;
}

export interface SampleDataServiceDeps {
  indexer: IndexerConnection;
  /** Where states categories' documents come from (default: the dashboard's generators). */
  states?: SampleStatesSource;
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
    const index = statusIndex(category);
    const indices = sampleDataIndices(category).join(',');
    // Missing indices count nothing; a category is installed when any of its indices exists.
    const [counted, exists] = await Promise.all([
      this.deps.indexer.request(
        (client) => client.count({ index: indices, ignore_unavailable: true }),
        signal,
      ),
      this.deps.indexer.answer(
        (client) =>
          client.indices.exists({
            index: indices,
            ignore_unavailable: true,
            allow_no_indices: false,
          }),
        signal,
      ),
    ]);
    const count = (counted as { count?: unknown }).count;
    if (!isCount(count)) throw badAnswer(`_count of ${index} gave no count`);
    const installed = exists.statusCode === 200;
    return { category, index, installed, count: installed ? count : 0 };
  }

  /**
   * Installs `category` for `target`'s agents and manager (alerts over the last 7 days, states as
   * they are now); `signal` stops it.
   */
  async add(
    category: SampleDataCategory,
    target: SampleTarget,
    signal?: AbortSignal,
  ): Promise<SampleDataStatus> {
    if (!isAlertsCategory(category)) return this.addStates(category, target, signal);
    const alerts = generateSampleAlerts(category, this.count(category), {
      ...target,
      now: this.now(),
      seed: this.seed(category),
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

  /** Replaces a states category: each of its datasets' indices created, then filled. */
  private async addStates(
    category: StatesSampleDataCategory,
    target: SampleTarget,
    signal?: AbortSignal,
  ): Promise<SampleDataStatus> {
    const source = this.deps.states ?? generatedSampleStates;
    const states = source(category, target, { now: this.now(), seed: this.seed(category) });
    await this.remove(category, signal);
    const byDataset = new Map<AlertsDatasetId, Array<[object, object]>>();
    for (const state of states) {
      const pairs = byDataset.get(state.dataset) ?? [];
      pairs.push([{ index: { _id: state.id } }, state.source]);
      byDataset.set(state.dataset, pairs);
    }
    let count = 0;
    for (const definition of categoryDatasets(category)) {
      const index = sampleStatesIndex(definition, category);
      await this.deps.indexer.request(
        (client) => client.indices.create({ index, body: statesIndexBody(definition) }),
        signal,
      );
      const pairs = (byDataset.get(definition.id) ?? []).map(([action, body]): [object, object] => [
        { index: { _index: index, ...(action as { index: object }).index } },
        body,
      ]);
      await this.bulk(index, pairs, signal);
      count += pairs.length;
    }
    const indices = sampleDataIndices(category).join(',');
    await this.deps.indexer.request((client) => client.indices.refresh({ index: indices }), signal);
    return { category, index: statusIndex(category), installed: true, count };
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
    const index = sampleDataIndices(category).join(',');
    await this.deps.indexer.request(
      (client) => client.indices.delete({ index, ignore_unavailable: true }),
      signal,
    );
    return { category, index: statusIndex(category), installed: false, count: 0 };
  }

  /** A category added twice on the same day gets the same documents. */
  private seed(category: SampleDataCategory): number {
    return seedOf(category) ^ Math.floor(this.now() / 86_400_000);
  }

  private count(category: AlertsSampleDataCategory): number {
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
