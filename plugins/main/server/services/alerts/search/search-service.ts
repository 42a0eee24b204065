/**
 * The alerts search service, for every dataset (alerts, and the inventory and vulnerability states:
 * common/alerts/datasets): one page (from/size inside the indexer's 10,000-hit window,
 * point in time and `search_after` past it, through a signed cursor), the charts of a selection in
 * one indexer request with `size: 0`, a page and its charts in one request, and the CSV export.
 * Every request is checked, pinned to the API host's manager and limited to the user's agents
 * before anything is sent; each user has at most `maxRequestsInFlightPerUser` under way.
 */
import type {
  AlertHit,
  AlertsAggregateRequest,
  AlertsAggregateResponse,
  AlertsChartRequest,
  AlertsCsvRequest,
  AlertsFieldsResponse,
  AlertsSearchRequest,
  AlertsSearchResponse,
  AlertsTotal,
} from '@main/common/alerts/api';
import { ALERTS_RESULT_WINDOW } from '@main/common/alerts/api';
import type { Logger, OsdRequest } from '@host/server/types';
import { RequestFieldError } from '../../request-field-error';
import type { AlertsScopeResolver } from '../scope';
import {
  AlertsIndexer,
  type AlertsIndexerDeps,
  type SearchAnswer,
  type SearchBody,
} from './alerts-indexer';
import { planCharts, type ChartsPlan } from './charts';
import { startAlertsCsv, type AlertsCsvExport } from './csv-export';
import { CursorCodec, selectionHash, type CursorState } from './cursor';
import { SearchDatasets, type SearchDataset } from './datasets';
import { checkedField } from './field-checks';
import { InFlightLimit } from './in-flight-limit';
import {
  indexerSort,
  prepareSelection,
  selectionDataset,
  type PreparedSelection,
} from './prepared-selection';

/** The limits of `svc.indexer` this service applies. */
export interface AlertsSearchLimits {
  maxPageSize: number;
  maxBuckets: number;
  csvMaxRows: number;
  maxRequestsInFlightPerUser: number;
  /** Time of each page the CSV export reads as it arrives, body included. */
  requestTimeoutMs: number;
  /** Longest range the statistics are read over at once (`svc.statistics.maxRangeDays`). */
  statisticsMaxRangeDays: number;
}

export interface AlertsSearchDeps extends Omit<AlertsIndexerDeps, 'pattern'> {
  /** `svc.indexer.alertsIndexPattern` in force (App settings may change it): where alerts are read. */
  alertsIndexPattern: () => string;
  /** The alerts index patterns users may choose (App settings), the one above included. */
  selectableAlertsIndexPatterns: () => readonly string[];
  scope: AlertsScopeResolver;
  limits: AlertsSearchLimits;
  logger: Logger;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Key of the cursors' signatures, the same on every instance (`cursorSigningKey`). */
  cursorKey: Buffer;
}

/** Who asks, and until when the answer is wanted. */
export interface AlertsCaller {
  request: OsdRequest;
  /** The dashboard user, for the in-flight limit and the cursor's binding. */
  username: string;
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
}

/** How long a point in time opened for paging stays open after each page. */
const PAGING_PIT_KEEP_ALIVE = '5m';

/** Sample-data indices are named `<prefix>sample-<category>`. */
const SAMPLE_INDEX = '*-sample-*';
const SAMPLE_AGGREGATION = 'sample_data';

/** One cheap bucket that tells whether any sample-data index holds part of the selection. */
const sampleDataAggregation = {
  [SAMPLE_AGGREGATION]: { filter: { wildcard: { _index: { value: SAMPLE_INDEX } } } },
};

function includesSampleData(answer: SearchAnswer): boolean {
  const bucket = answer.aggregations?.[SAMPLE_AGGREGATION] as { doc_count?: number } | undefined;
  return (bucket?.doc_count ?? 0) > 0;
}

function totalOf(answer: SearchAnswer): AlertsTotal {
  const total = answer.hits.total;
  return total ? { value: total.value, relation: total.relation } : { value: 0, relation: 'eq' };
}

function toHit(hit: { _id: string; _index: string; _source?: Record<string, unknown> }): AlertHit {
  return { _id: hit._id, _index: hit._index, _source: hit._source ?? {} };
}

/** The body of a page search (without `from`, `pit` or `search_after`, which paging adds). */
export function pageBody(
  prepared: Pick<PreparedSelection, 'query'>,
  page: {
    size: number;
    sort: Array<Record<string, unknown>>;
    source?: string[];
    charts?: Pick<ChartsPlan, 'aggregations'>;
  },
): SearchBody {
  return {
    size: page.size,
    query: prepared.query,
    sort: page.sort,
    track_total_hits: true,
    aggs: { ...sampleDataAggregation, ...page.charts?.aggregations },
    ...(page.source && { _source: page.source }),
  };
}

export class AlertsSearchService {
  private readonly datasets: SearchDatasets;
  private readonly inFlight: InFlightLimit;
  private readonly cursors: CursorCodec;

  constructor(private readonly deps: AlertsSearchDeps) {
    this.datasets = new SearchDatasets(
      deps.alertsIndexPattern,
      deps.selectableAlertsIndexPatterns,
      {
        statistics: {
          days: deps.limits.statisticsMaxRangeDays,
          configKey: 'svc.statistics.maxRangeDays',
        },
      },
    );
    this.inFlight = new InFlightLimit(deps.limits.maxRequestsInFlightPerUser);
    this.cursors = new CursorCodec(deps.cursorKey);
  }

  /** A dataset's fields, for the search bar's completion and the views' column pickers. */
  fields(datasetId?: string): AlertsFieldsResponse {
    const dataset = this.datasets.get(datasetId);
    return { dataset: dataset.id, timeField: dataset.timeField, fields: dataset.fields.list() };
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The indexer requests on the indices `dataset` reads (a selection may have chosen them). */
  private indexer(dataset: SearchDataset): AlertsIndexer {
    return new AlertsIndexer({ connection: this.deps.connection, pattern: dataset.index });
  }

  private prepare(
    caller: AlertsCaller,
    selection: AlertsSearchRequest | AlertsAggregateRequest | AlertsCsvRequest,
  ) {
    return prepareSelection(selection, caller.request, {
      scope: this.deps.scope,
      datasets: this.datasets,
      now: this.now(),
    });
  }

  private charts(
    charts: readonly AlertsChartRequest[] | undefined,
    prepared: PreparedSelection,
  ): ChartsPlan | undefined {
    if (!charts || charts.length === 0) return undefined;
    const { dataset, timeRange } = prepared;
    return planCharts(charts, {
      fields: dataset.fields,
      ...(dataset.timeField !== null &&
        timeRange && { time: { field: dataset.timeField, range: timeRange } }),
      now: prepared.now,
      maxBuckets: this.deps.limits.maxBuckets,
      path: 'charts',
    });
  }

  private checkFields(
    dataset: SearchDataset,
    fields: readonly string[] | undefined,
    path: string,
  ): string[] | undefined {
    return fields?.map(
      (name, index) => checkedField(dataset.fields, name, `${path}.${index}`, 'read').name,
    );
  }

  /** One page, with the cursor of the next one; with `charts`, their results too. */
  async search(caller: AlertsCaller, request: AlertsSearchRequest): Promise<AlertsSearchResponse> {
    const { size } = request;
    if (size > this.deps.limits.maxPageSize)
      throw new RequestFieldError(
        'size',
        `must be at most ${this.deps.limits.maxPageSize} (svc.indexer.maxPageSize)`,
      );
    const { dataset } = selectionDataset(request, this.datasets, this.now());
    const sort = indexerSort(request.sort, dataset);
    const source = this.checkFields(dataset, request.fields, 'fields');
    const binding = selectionHash({
      user: caller.username,
      apiHostId: request.apiHostId,
      dataset: dataset.id,
      index: dataset.index,
      view: request.view,
      timeRange: request.timeRange,
      query: request.query,
      filters: request.filters,
      agentId: request.agentId,
      sort: request.sort,
      size,
      fields: request.fields,
    });
    const cursor =
      request.cursor === undefined ? undefined : this.cursors.decode(request.cursor, binding);
    const page = cursor?.page ?? request.page ?? 0;
    if (!cursor && page * size + size > ALERTS_RESULT_WINDOW)
      throw new RequestFieldError(
        'page',
        `page ${page} of ${size} ends past the first ${ALERTS_RESULT_WINDOW} hits: page on with the cursor of the previous page`,
      );
    const prepared = await this.prepare(caller, request);
    const charts = this.charts(request.charts, prepared);
    const body = pageBody(prepared, { size, sort, source, charts });
    const indexer = this.indexer(dataset);
    const answer = await this.inFlight.run(caller.username, () =>
      cursor
        ? this.pageInPit(indexer, body, cursor, caller.signal)
        : indexer.search({ ...body, from: page * size }, caller.signal),
    );
    const total = totalOf(answer);
    const hits = answer.hits.hits;
    const last = hits[hits.length - 1];
    const more =
      hits.length === size && ((page + 1) * size < total.value || total.relation === 'gte');
    const next: CursorState | undefined =
      more && last?.sort
        ? { pitId: answer.pit_id ?? cursor?.pitId, searchAfter: last.sort, page: page + 1 }
        : undefined;
    return {
      total,
      hits: hits.map(toHit),
      ...(next && { cursor: this.cursors.encode(next, binding) }),
      includesSampleData: includesSampleData(answer),
      ...(charts && { charts: charts.read(answer.aggregations, total) }),
    };
  }

  /** The next page after a cursor, in the cursor's point in time (opened now if it has none). */
  private async pageInPit(
    indexer: AlertsIndexer,
    body: SearchBody,
    cursor: CursorState,
    signal?: AbortSignal,
  ): Promise<SearchAnswer> {
    const pitId = cursor.pitId ?? (await indexer.openPit(PAGING_PIT_KEEP_ALIVE, signal));
    try {
      const answer = await indexer.searchInPit(
        {
          ...body,
          pit: { id: pitId, keep_alive: PAGING_PIT_KEEP_ALIVE },
          search_after: cursor.searchAfter,
        },
        signal,
      );
      return { ...answer, pit_id: answer.pit_id ?? pitId };
    } catch (error) {
      // No cursor will name a point in time opened for a page that failed: close it now.
      if (cursor.pitId === undefined)
        await indexer.closePit(pitId).catch((closing: unknown) => {
          this.deps.logger.warn(
            `A point in time of a failed page could not be closed: ${(closing as Error).message}`,
          );
        });
      throw error;
    }
  }

  /** Every chart of a selection, from one indexer request with `size: 0`. */
  async aggregate(
    caller: AlertsCaller,
    request: AlertsAggregateRequest,
  ): Promise<AlertsAggregateResponse> {
    const prepared = await this.prepare(caller, request);
    const charts = this.charts(request.charts, prepared);
    const answer = await this.inFlight.run(caller.username, () =>
      this.indexer(prepared.dataset).search(
        {
          size: 0,
          query: prepared.query,
          track_total_hits: true,
          aggs: { ...sampleDataAggregation, ...charts?.aggregations },
        },
        caller.signal,
      ),
    );
    const total = totalOf(answer);
    return {
      total,
      charts: charts ? charts.read(answer.aggregations, total) : {},
      includesSampleData: includesSampleData(answer),
    };
  }

  /** The whole selection as CSV; the first page is read before this resolves (errors stay JSON). */
  async csv(caller: AlertsCaller, request: AlertsCsvRequest): Promise<AlertsCsvExport> {
    const { dataset } = selectionDataset(request, this.datasets, this.now());
    const columns = this.checkFields(dataset, request.columns, 'columns') ?? [];
    if (columns.length === 0)
      throw new RequestFieldError('columns', 'must name at least one column');
    const sort = indexerSort(request.sort, dataset);
    const prepared = await this.prepare(caller, request);
    const release = this.inFlight.acquire(caller.username);
    try {
      return await startAlertsCsv({
        indexer: this.indexer(dataset),
        query: prepared.query,
        sort,
        columns,
        name: dataset.id,
        maxRows: this.deps.limits.csvMaxRows,
        requestTimeoutMs: this.deps.limits.requestTimeoutMs,
        signal: caller.signal,
        now: prepared.now,
        logger: this.deps.logger,
        onEnd: release,
      });
    } catch (error) {
      release();
      throw error;
    }
  }
}

export type { AlertsCsvExport };
