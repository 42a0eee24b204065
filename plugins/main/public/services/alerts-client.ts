/**
 * The browser's client of the dashboard's alerts routes (`/api/alerts/*`): it sends what a view
 * wants to see and never a query of the indexer's language, which only the server builds.
 */
import type { HttpStart } from '@host/public/types';
import {
  ALERTS_ROUTES,
  type AlertsAggregateRequest,
  type AlertsAggregateResponse,
  type AlertsCsvRequest,
  type AlertsField,
  type AlertsFieldsResponse,
  type AlertsSearchRequest,
  type AlertsSearchResponse,
  type IndexerStatus,
} from '../../common/alerts/api';
import type { AlertsDatasetId } from '../../common/alerts/datasets';
import { alertsFailureSource, type AlertsFailureSource } from '../../common/alerts/errors';
import type { CsvExporter, CsvExportResult, CsvProgress } from './csv-export';
import { isAbortError, SvcError, toSvcError, type SvcErrorFields } from './svc-error';

/**
 * An alerts route's failure, with the route's snake_case `code` (`attributes.code` of its error
 * body) so a view can tell an indexer that is not configured or down from a refused request.
 */
export class AlertsRouteError extends SvcError {
  constructor(
    fields: SvcErrorFields,
    readonly reason?: string,
    /** The route's error body as it came (the indexer callout names the nodes it lists). */
    readonly body?: unknown,
  ) {
    super(fields);
  }

  /** Whom the failure blames, by the route's code alone. */
  get failureSource(): AlertsFailureSource {
    return alertsFailureSource(this.reason);
  }

  /**
   * The view cannot be answered now (the indexer, or what scopes the view, failed), which is not
   * the request's fault: the view shows the indexer callout rather than the error prompt.
   */
  get isUnanswerable(): boolean {
    return this.failureSource !== 'request';
  }
}

function routeCode(error: unknown): string | undefined {
  const body = (error as { body?: { attributes?: { code?: unknown } } } | undefined)?.body;
  const code = body?.attributes?.code;
  return typeof code === 'string' ? code : undefined;
}

async function call<T>(run: () => Promise<T>, action: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isAbortError(error)) throw error;
    const svcError = toSvcError(error, action);
    throw new AlertsRouteError(
      {
        title: svcError.title,
        detail: svcError.detail,
        source: svcError.source,
        status: svcError.status,
        action,
      },
      routeCode(error),
      (error as { body?: unknown } | undefined)?.body,
    );
  }
}

export class AlertsClient {
  constructor(
    private readonly http: HttpStart,
    private readonly csv: CsvExporter,
  ) {}

  /** One page of alerts. */
  search(request: AlertsSearchRequest, signal?: AbortSignal): Promise<AlertsSearchResponse> {
    return call(
      () =>
        this.http.post<AlertsSearchResponse>(ALERTS_ROUTES.search, {
          body: JSON.stringify(request),
          signal,
        }),
      'searching alerts',
    );
  }

  /** Every chart and figure of a view, in one indexer request. */
  aggregate(
    request: AlertsAggregateRequest,
    signal?: AbortSignal,
  ): Promise<AlertsAggregateResponse> {
    return call(
      () =>
        this.http.post<AlertsAggregateResponse>(ALERTS_ROUTES.aggregate, {
          body: JSON.stringify(request),
          signal,
        }),
      'counting alerts',
    );
  }

  /** The fields of a dataset (the alerts by default), sorted by name. */
  async fields(dataset?: AlertsDatasetId, signal?: AbortSignal): Promise<AlertsField[]> {
    const answer = await call(
      () =>
        this.http.get<AlertsFieldsResponse>(ALERTS_ROUTES.fields, {
          signal,
          ...(dataset && dataset !== 'alerts' && { query: { dataset } }),
        }),
      'reading the alerts fields',
    );
    return [...answer.fields].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The indexer's state (configured, reachable, its hosts and why it cannot be read). */
  status(signal?: AbortSignal): Promise<IndexerStatus> {
    return call(
      () => this.http.get<IndexerStatus>(ALERTS_ROUTES.status, { signal }),
      'reading the indexer status',
    );
  }

  /** The whole selection as a CSV file, saved once it arrived whole. */
  exportCsv(
    request: AlertsCsvRequest,
    options: {
      expectedRows?: number;
      onProgress?(progress: CsvProgress): void;
      signal?: AbortSignal;
    },
  ): Promise<CsvExportResult> {
    return this.csv.download(ALERTS_ROUTES.csv, request, options);
  }
}
