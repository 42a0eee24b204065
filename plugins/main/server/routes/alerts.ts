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
import { contractSchema } from './contract-schema';
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

const chartId = schema.string({
  validate: (id) =>
    CHART_ID.test(id) ? undefined : 'must be 1 to 64 letters, digits, "_", "." or "-"',
});

/** The names of a filters chart's selections, which become bucket keys. */
function selectionNamesProblem(selections: Record<string, unknown>): string | undefined {
  const keys = Object.keys(selections);
  if (keys.length > MAX_FILTERS) return `a filters chart has at most ${MAX_FILTERS} selections`;
  const badKey = keys.find((key) => !FILTERS_KEY.test(key) || key === '__proto__');
  return badKey === undefined
    ? undefined
    : `[${badKey}] is not a selection name (letters, digits, space, "_", ".", ":", "-")`;
}

const chart = schema.discriminatedUnion('type', [
  schema.object({ id: chartId, type: schema.literal('count') }),
  schema.object({
    id: chartId,
    type: schema.literal('terms'),
    field: fieldName,
    size: wholeNumber(1, 10_000),
    split,
  }),
  schema.object(
    {
      id: chartId,
      type: schema.literal('date_histogram'),
      interval: schema.maybe(schema.string({ maxLength: 16 })),
      split,
      metrics: schema.maybe(
        schema.arrayOf(
          schema.object({
            id: chartId,
            op: literals(['avg', 'sum', 'max'] as const),
            field: fieldName,
          }),
          { minSize: 1, maxSize: MAX_METRICS },
        ),
      ),
    },
    {
      validate: (histogram) =>
        histogram.split !== undefined && histogram.metrics !== undefined
          ? 'a date_histogram chart has [split] or [metrics], not both'
          : undefined,
    },
  ),
  schema.object({
    id: chartId,
    type: schema.literal('filters'),
    filters: schema.recordOf(schema.string(), schema.oneOf([query, filters]), {
      validate: selectionNamesProblem,
    }),
  }),
  schema.object({
    id: chartId,
    type: schema.literal('range'),
    field: fieldName,
    ranges: schema.arrayOf(
      schema.object({
        key: schema.string({ minLength: 1, maxLength: 64 }),
        gte: schema.maybe(schema.number()),
        lt: schema.maybe(schema.number()),
      }),
      { minSize: 1, maxSize: 100 },
    ),
  }),
]);
const charts = schema.arrayOf(chart, { minSize: 1, maxSize: MAX_CHARTS });

const searchBody = contractSchema<AlertsSearchRequest>()(
  schema.object({
    ...selection,
    sort,
    size: wholeNumber(1, 10_000),
    page: schema.maybe(wholeNumber(0, 1_000_000)),
    cursor: schema.maybe(schema.string({ minLength: 1, maxLength: MAX_CURSOR_LENGTH })),
    fields: schema.maybe(schema.arrayOf(fieldName, { maxSize: MAX_COLUMNS })),
    charts: schema.maybe(charts),
  }),
);

const aggregateBody = contractSchema<AlertsAggregateRequest>()(
  schema.object({ ...selection, charts }),
);

const fieldsRequest = contractSchema<AlertsFieldsRequest>()(schema.object({ dataset }));

const csvBody = contractSchema<AlertsCsvRequest>()(
  schema.object({
    ...selection,
    columns: schema.arrayOf(fieldName, { minSize: 1, maxSize: MAX_COLUMNS }),
    sort,
  }),
);

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
        body: await services().alertsSearch.search(callerOf(context, request), request.body),
      }),
    ),
  );

  router.post(
    { path: ALERTS_ROUTES.aggregate, validate: { body: aggregateBody } },
    handleErrors(async (context, request, response) =>
      response.ok({
        body: await services().alertsSearch.aggregate(callerOf(context, request), request.body),
      }),
    ),
  );

  router.post(
    { path: ALERTS_ROUTES.csv, validate: { body: csvBody } },
    handleErrors(async (context, request, response) => {
      const exported = await services().alertsSearch.csv(callerOf(context, request), request.body);
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

  const fields = (request: AlertsFieldsRequest) => services().alertsSearch.fields(request.dataset);
  router.get(
    { path: ALERTS_ROUTES.fields, validate: { query: fieldsRequest } },
    handleErrors(async (_context, request, response) =>
      response.ok({ body: fields(request.query) }),
    ),
  );
  router.post(
    { path: ALERTS_ROUTES.fields, validate: { body: fieldsRequest } },
    handleErrors(async (_context, request, response) =>
      response.ok({ body: fields(request.body) }),
    ),
  );
}
