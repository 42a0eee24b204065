/**
 * The alerts search service: one page of alerts (from/size inside the indexer's 10,000-hit window,
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
  AlertsChartResult,
  AlertsCsvRequest,
  AlertsField,
  AlertsSearchRequest,
  AlertsSearchResponse,
  AlertsTotal,
} from '@main/common/alerts/api';
import { ALERTS_RESULT_WINDOW } from '@main/common/alerts/api';
import type { Logger, OsdRequest } from '@host/server/types';
import { RequestFieldError } from '../../request-field-error';
import type { AlertsScopeResolver } from '../scope';
import { knownAlertFields, type AlertFieldCatalogue } from './alert-fields';
import {
  AlertsIndexer,
  type AlertsIndexerDeps,
  type SearchAnswer,
  type SearchBody,
} from './alerts-indexer';
import { planCharts, type ChartsPlan } from './charts';
import { startAlertsCsv, type AlertsCsvExport } from './csv-export';
import { CursorCodec, selectionHash, type CursorState } from './cursor';
import { checkedField } from './field-checks';
import { InFlightLimit } from './in-flight-limit';
import { indexerSort, prepareSelection, type PreparedSelection } from './prepared-selection';
import { selectionClauses } from './selection-query';
import { resolveTimeRange } from './time-range';
import { vulnerabilityStatesFields, vulnerabilityStatesQuery } from './vulnerability-states';
import { VULNERABILITY_STATES_INDEX_PATTERN } from '@main/common/modules/vulnerability-states';
import {
  JOB_DATASET_PATTERNS,
  jobDatasetFields,
  jobDatasetQuery,
  type JobDataset,
} from './job-datasets';

const DAY_MS = 86_400_000;

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

export interface AlertsSearchDeps extends AlertsIndexerDeps {
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
  private readonly fieldCatalogue: AlertFieldCatalogue = knownAlertFields();
  private readonly statesFields: AlertFieldCatalogue = vulnerabilityStatesFields();
  private readonly indexer: AlertsIndexer;
  private readonly inFlight: InFlightLimit;
  private readonly cursors: CursorCodec;

  constructor(private readonly deps: AlertsSearchDeps) {
    this.indexer = new AlertsIndexer(deps);
    this.inFlight = new InFlightLimit(deps.limits.maxRequestsInFlightPerUser);
    this.cursors = new CursorCodec(deps.cursorKey);
  }

  /** The alert fields, for the search bar's completion and the views' column pickers. */
  fields(): AlertsField[] {
    return this.fieldCatalogue.list();
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private prepare(
    caller: AlertsCaller,
    selection: AlertsSearchRequest | AlertsAggregateRequest | AlertsCsvRequest,
  ) {
    return prepareSelection(selection, caller.request, {
      scope: this.deps.scope,
      fields: this.fieldCatalogue,
      now: this.now(),
    });
  }

  private charts(
    charts: readonly AlertsChartRequest[] | undefined,
    prepared: PreparedSelection,
  ): ChartsPlan | undefined {
    if (!charts || charts.length === 0) return undefined;
    return planCharts(charts, {
      fields: this.fieldCatalogue,
      timeRange: prepared.timeRange,
      now: prepared.now,
      maxBuckets: this.deps.limits.maxBuckets,
      path: 'charts',
    });
  }

  private checkFields(fields: readonly string[] | undefined, path: string): string[] | undefined {
    return fields?.map(
      (name, index) => checkedField(this.fieldCatalogue, name, `${path}.${index}`, 'read').name,
    );
  }

  /** One page of alerts, with the cursor of the next one; with `charts`, their results too. */
  async search(caller: AlertsCaller, request: AlertsSearchRequest): Promise<AlertsSearchResponse> {
    const { size } = request;
    if (size > this.deps.limits.maxPageSize)
      throw new RequestFieldError(
        'size',
        `must be at most ${this.deps.limits.maxPageSize} (svc.indexer.maxPageSize)`,
      );
    const sort = indexerSort(request.sort, this.fieldCatalogue);
    const source = this.checkFields(request.fields, 'fields');
    const binding = selectionHash({
      user: caller.username,
      apiHostId: request.apiHostId,
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
    const answer = await this.inFlight.run(caller.username, () =>
      cursor
        ? this.pageInPit(body, cursor, caller.signal)
        : this.indexer.search({ ...body, from: page * size }, caller.signal),
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
    body: SearchBody,
    cursor: CursorState,
    signal?: AbortSignal,
  ): Promise<SearchAnswer> {
    const pitId = cursor.pitId ?? (await this.indexer.openPit(PAGING_PIT_KEEP_ALIVE, signal));
    try {
      const answer = await this.indexer.searchInPit(
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
        await this.indexer.closePit(pitId).catch((closing: unknown) => {
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
    if (request.dataset === 'vulnerabilities-states') return this.aggregateStates(caller, request);
    if (request.dataset === 'statistics' || request.dataset === 'monitoring')
      return this.aggregateJobDocuments(caller, request, request.dataset);
    const prepared = await this.prepare(caller, request);
    const charts = this.charts(request.charts, prepared);
    const answer = await this.inFlight.run(caller.username, () =>
      this.indexer.search(
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
    const results: Record<string, AlertsChartResult> = charts
      ? charts.read(answer.aggregations, total)
      : {};
    return { total, charts: results, includesSampleData: includesSampleData(answer) };
  }

  /**
   * The charts of the vulnerability states (one document per agent and vulnerability), from one
   * `size: 0` request on their index: only their own fields, no time range (they are current).
   */
  private async aggregateStates(
    caller: AlertsCaller,
    request: AlertsAggregateRequest,
  ): Promise<AlertsAggregateResponse> {
    const now = this.now();
    // Still checked, so a request is valid or not whatever it reads.
    const timeRange = resolveTimeRange(request.timeRange, now);
    const clauses = selectionClauses(request, this.statesFields, now);
    const scope = await this.deps.scope.resolve(caller.request, request.apiHostId);
    const charts =
      request.charts.length > 0
        ? planCharts(request.charts, {
            fields: this.statesFields,
            timeRange,
            now,
            maxBuckets: this.deps.limits.maxBuckets,
            path: 'charts',
          })
        : undefined;
    const answer = await this.inFlight.run(caller.username, () =>
      this.indexer.search(
        {
          size: 0,
          query: vulnerabilityStatesQuery(clauses, scope),
          track_total_hits: true,
          aggs: { ...sampleDataAggregation, ...charts?.aggregations },
        },
        caller.signal,
        VULNERABILITY_STATES_INDEX_PATTERN,
      ),
    );
    const total = totalOf(answer);
    return {
      total,
      charts: charts ? charts.read(answer.aggregations, total) : {},
      includesSampleData: includesSampleData(answer),
    };
  }

  /**
   * The charts of the statistics or monitoring job's documents of one API host, from one `size: 0`
   * request on their index pattern. The user must be able to use the host; the statistics range is
   * bounded by `svc.statistics.maxRangeDays`.
   */
  private async aggregateJobDocuments(
    caller: AlertsCaller,
    request: AlertsAggregateRequest,
    dataset: JobDataset,
  ): Promise<AlertsAggregateResponse> {
    const now = this.now();
    const timeRange = resolveTimeRange(request.timeRange, now);
    const maxRangeDays = this.deps.limits.statisticsMaxRangeDays;
    if (dataset === 'statistics' && timeRange.toMs - timeRange.fromMs > maxRangeDays * DAY_MS)
      throw new RequestFieldError(
        'timeRange',
        `spans more than the ${maxRangeDays} days the statistics are read over at once (svc.statistics.maxRangeDays)`,
      );
    const fields = jobDatasetFields(dataset);
    const clauses = selectionClauses(request, fields, now);
    const scope = await this.deps.scope.resolve(caller.request, request.apiHostId);
    const charts = planCharts(request.charts, {
      fields,
      timeRange,
      now,
      maxBuckets: this.deps.limits.maxBuckets,
      path: 'charts',
    });
    const answer = await this.inFlight.run(caller.username, () =>
      this.indexer.search(
        {
          size: 0,
          query: jobDatasetQuery(dataset, request.apiHostId, timeRange, clauses, scope),
          track_total_hits: true,
          aggs: charts.aggregations,
        },
        caller.signal,
        JOB_DATASET_PATTERNS[dataset],
      ),
    );
    const total = totalOf(answer);
    return { total, charts: charts.read(answer.aggregations, total), includesSampleData: false };
  }

  /** The whole selection as CSV; the first page is read before this resolves (errors stay JSON). */
  async csv(caller: AlertsCaller, request: AlertsCsvRequest): Promise<AlertsCsvExport> {
    const columns = this.checkFields(request.columns, 'columns') ?? [];
    if (columns.length === 0)
      throw new RequestFieldError('columns', 'must name at least one column');
    const sort = indexerSort(request.sort, this.fieldCatalogue);
    const prepared = await this.prepare(caller, request);
    const release = this.inFlight.acquire(caller.username);
    try {
      return await startAlertsCsv({
        indexer: this.indexer,
        query: prepared.query,
        sort,
        columns,
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
