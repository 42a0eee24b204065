/**
 * The alerts routes: `POST /api/alerts/search` (a page, optionally with its charts),
 * `POST /api/alerts/aggregate` (charts), `POST /api/alerts/csv` (the whole selection as a CSV
 * download) and `GET /api/alerts/fields`. They check the shape of each request and translate HTTP;
 * the search service checks the rest (fields, limits, dates) and builds every indexer query, so a
 * request can only ever describe alerts, never send query DSL, a script or an index.
 */
import { schema } from '@host/schema';
import type { IRouter, RequestHandlerContext } from '@host/server/types';
import {
  ALERTS_ROUTES,
  type AlertsAggregateRequest,
  type AlertsCsvRequest,
  type AlertsFieldsRequest,
  type AlertsSearchRequest,
} from '../../common/alerts/api';
import type { AlertsCaller, AlertsSearchService } from '../services/alerts/search';
import {
  dataset,
  fieldName,
  filters,
  literals,
  MAX_FILTERS,
  query,
  selectionProps as selection,
  wholeNumber,
} from './alerts-selection-schema';
import { handleErrors } from './error-responses';

const MAX_CHARTS = 20;
/** Values each bar of a date histogram may carry (the Statistics panels ask for 24). */
const MAX_METRICS = 32;
const MAX_COLUMNS = 200;
const MAX_SORT_KEYS = 5;
/** A point-in-time id grows with the shards it spans; real ones run to a few kilobytes. */
const MAX_CURSOR_LENGTH = 65_536;

export interface AlertsRouteServices {
  alertsSearch: AlertsSearchService;
}

const sort = schema.maybe(
  schema.arrayOf(
    schema.object({ field: fieldName, direction: literals(['asc', 'desc'] as const) }),
    { maxSize: MAX_SORT_KEYS },
  ),
);

const split = schema.maybe(schema.object({ field: fieldName, size: wholeNumber(1, 10_000) }));

const CHART_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const FILTERS_KEY = /^[\w .:-]{1,64}$/;

interface ChartShape {
  type: string;
  field?: string;
  size?: number;
  split?: unknown;
  interval?: string;
  filters?: Record<string, unknown>;
  ranges?: unknown[];
  metrics?: unknown[];
}

/** The members each chart type needs, and those it must not carry. */
function chartShapeProblem(chart: ChartShape): string | undefined {
  const allowed: Record<string, Array<keyof ChartShape>> = {
    count: [],
    terms: ['field', 'size', 'split'],
    date_histogram: ['interval', 'split', 'metrics'],
    filters: ['filters'],
    range: ['field', 'ranges'],
  };
  const members = ['field', 'size', 'split', 'interval', 'filters', 'ranges', 'metrics'] as const;
  if (chart.split !== undefined && chart.metrics !== undefined)
    return 'a date_histogram chart has [split] or [metrics], not both';
  const extra = members.filter(
    (key) => chart[key] !== undefined && !allowed[chart.type].includes(key),
  );
  if (extra.length > 0) return `a chart of type [${chart.type}] has no [${extra[0]}]`;
  const required: Record<string, Array<keyof ChartShape>> = {
    terms: ['field', 'size'],
    filters: ['filters'],
    range: ['field', 'ranges'],
  };
  const missing = (required[chart.type] ?? []).find((key) => chart[key] === undefined);
  if (missing) return `a chart of type [${chart.type}] needs [${missing}]`;
  const keys = Object.keys(chart.filters ?? {});
  if (keys.length > MAX_FILTERS) return `a filters chart has at most ${MAX_FILTERS} selections`;
  const badKey = keys.find((key) => !FILTERS_KEY.test(key) || key === '__proto__');
  if (badKey !== undefined)
    return `[${badKey}] is not a selection name (letters, digits, space, "_", ".", ":", "-")`;
  return undefined;
}

const chart = schema.object(
  {
    id: schema.string({
      validate: (id) =>
        CHART_ID.test(id) ? undefined : 'must be 1 to 64 letters, digits, "_", "." or "-"',
    }),
    type: literals(['count', 'terms', 'date_histogram', 'filters', 'range'] as const),
    field: schema.maybe(fieldName),
    size: schema.maybe(wholeNumber(1, 10_000)),
    split,
    interval: schema.maybe(schema.string({ maxLength: 16 })),
    filters: schema.maybe(schema.recordOf(schema.string(), schema.oneOf([query, filters]))),
    ranges: schema.maybe(
      schema.arrayOf(
        schema.object({
          key: schema.string({ minLength: 1, maxLength: 64 }),
          gte: schema.maybe(schema.number()),
          lt: schema.maybe(schema.number()),
        }),
        { minSize: 1, maxSize: 100 },
      ),
    ),
    metrics: schema.maybe(
      schema.arrayOf(
        schema.object({
          id: schema.string({
            validate: (id) =>
              CHART_ID.test(id) ? undefined : 'must be 1 to 64 letters, digits, "_", "." or "-"',
          }),
          op: literals(['avg', 'sum', 'max'] as const),
          field: fieldName,
        }),
        { minSize: 1, maxSize: MAX_METRICS },
      ),
    ),
  },
  { validate: chartShapeProblem },
);
const charts = schema.arrayOf(chart, { minSize: 1, maxSize: MAX_CHARTS });

const searchBody = schema.object({
  ...selection,
  sort,
  size: wholeNumber(1, 10_000),
  page: schema.maybe(wholeNumber(0, 1_000_000)),
  cursor: schema.maybe(schema.string({ minLength: 1, maxLength: MAX_CURSOR_LENGTH })),
  fields: schema.maybe(schema.arrayOf(fieldName, { maxSize: MAX_COLUMNS })),
  charts: schema.maybe(charts),
});

const aggregateBody = schema.object({ ...selection, charts });

const fieldsRequest = schema.object({ dataset });

const csvBody = schema.object({
  ...selection,
  columns: schema.arrayOf(fieldName, { minSize: 1, maxSize: MAX_COLUMNS }),
  sort,
});

/** A contract interface as the JSON object the response factory sends. */
const jsonBody = <T extends object>(body: T) => body as unknown as Record<string, unknown>;

function callerOf(context: RequestHandlerContext, request: AlertsCaller['request']): AlertsCaller {
  return {
    request,
    // The routes require a login, so there is always a user.
    username: context.core.security.currentUser?.username ?? '',
    signal: request.signal,
  };
}

export function registerAlertsRoutes(router: IRouter, services: () => AlertsRouteServices): void {
  router.post(
    { path: ALERTS_ROUTES.search, validate: { body: searchBody } },
    handleErrors(async (context, request, response) =>
      response.ok({
        body: jsonBody(
          await services().alertsSearch.search(
            callerOf(context, request),
            request.body as AlertsSearchRequest,
          ),
        ),
      }),
    ),
  );

  router.post(
    { path: ALERTS_ROUTES.aggregate, validate: { body: aggregateBody } },
    handleErrors(async (context, request, response) =>
      response.ok({
        body: jsonBody(
          await services().alertsSearch.aggregate(
            callerOf(context, request),
            request.body as AlertsAggregateRequest,
          ),
        ),
      }),
    ),
  );

  router.post(
    { path: ALERTS_ROUTES.csv, validate: { body: csvBody } },
    handleErrors(async (context, request, response) => {
      const exported = await services().alertsSearch.csv(
        callerOf(context, request),
        request.body as AlertsCsvRequest,
      );
      return response.ok({
        body: exported.stream,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${exported.filename}"`,
          'cache-control': 'no-store',
          'x-svc-total-rows': String(exported.totalRows),
          'x-svc-exported-rows': String(exported.exportedRows),
        },
      });
    }),
  );

  const fields = (request: AlertsFieldsRequest) =>
    jsonBody(services().alertsSearch.fields(request.dataset));
  router.get(
    { path: ALERTS_ROUTES.fields, validate: { query: fieldsRequest } },
    handleErrors(async (_context, request, response) =>
      response.ok({ body: fields(request.query as AlertsFieldsRequest) }),
    ),
  );
  router.post(
    { path: ALERTS_ROUTES.fields, validate: { body: fieldsRequest } },
    handleErrors(async (_context, request, response) =>
      response.ok({ body: fields(request.body as AlertsFieldsRequest) }),
    ),
  );
}
