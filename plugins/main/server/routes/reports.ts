/**
 * The report routes: `POST /api/reports` starts a report (202 with its job), `GET
 * /api/reports/jobs/{id}` tells how it goes, `GET /api/reports` lists the caller's reports (an
 * admin's: everyone's), `GET /api/reports/{name}` downloads one and `DELETE /api/reports/{name}`
 * removes it. Another user's report or job is not found. The work is in services/reports.
 */
import { schema, type Type } from '../../../../host/schema';
import type { IRouter, OsdRequest, RequestHandlerContext } from '../../../../host/server/types';
import { apiHostIdProblem } from '../../common/api-host-rules';
import { ADMIN_ROLE } from '../../common/constants';
import { REPORTS_ROUTES, type ReportRequest } from '../../common/modules/reports';
import type { ReportDataSource, ReportsService } from '../services/reports';
import { isReportName } from '../services/reports/report-store';
import { handleErrors } from './error-responses';

export interface ReportRouteServices {
  reports: ReportsService;
  /** Reads alerts as the user behind `request`, for the report's job. */
  reportData: (request: OsdRequest, username: string) => ReportDataSource;
}

const MAX_FILTERS = 100;
const fieldName = schema.string({ minLength: 1, maxLength: 256 });
const scalar = schema.oneOf([
  schema.string({ maxLength: 4_096 }),
  schema.number(),
  schema.boolean(),
]);
const bound = schema.oneOf([schema.string({ maxLength: 4_096 }), schema.number()]);
const literals = <T extends string>(values: readonly T[]) =>
  schema.oneOf(values.map((value) => schema.literal(value)) as unknown as [Type<T>]);
const agentId = schema.string({
  validate: (id) => (/^\d{3,8}$/.test(id) ? undefined : 'must be an agent id such as 001'),
});

/** The selection as the alerts routes take it; the search service checks its fields and dates. */
const selection = schema.object({
  apiHostId: schema.string({ validate: apiHostIdProblem }),
  timeRange: schema.object({
    from: schema.string({ minLength: 1, maxLength: 100 }),
    to: schema.string({ minLength: 1, maxLength: 100 }),
  }),
  query: schema.maybe(
    schema.object({
      language: literals(['kuery', 'lucene'] as const),
      query: schema.string({ maxLength: 8_192 }),
    }),
  ),
  filters: schema.maybe(
    schema.arrayOf(
      schema.object({
        field: fieldName,
        type: literals(['is', 'is_one_of', 'exists', 'between'] as const),
        negate: schema.maybe(schema.boolean()),
        disabled: schema.maybe(schema.boolean()),
        value: schema.maybe(scalar),
        values: schema.maybe(schema.arrayOf(scalar, { maxSize: 1_000 })),
        gte: schema.maybe(bound),
        lte: schema.maybe(bound),
      }),
      { maxSize: MAX_FILTERS },
    ),
  ),
  agentId: schema.maybe(agentId),
});

const reportBody = schema.object({
  moduleId: schema.maybe(schema.string({ minLength: 1, maxLength: 64 })),
  agentId: schema.maybe(agentId),
  selection,
});

const reportName = schema.object({
  name: schema.string({
    maxLength: 160,
    validate: (name) => (isReportName(name) ? undefined : 'is not a report name'),
  }),
});

function readerOf(context: RequestHandlerContext) {
  const user = context.core.security.currentUser;
  // The routes require a login, so there is always a user.
  return { caller: user?.username ?? '', admin: user?.roles.includes(ADMIN_ROLE) ?? false };
}

const json = <T extends object>(body: T) => body as unknown as Record<string, unknown>;

export function registerReportRoutes(router: IRouter, services: () => ReportRouteServices): void {
  router.post(
    { path: REPORTS_ROUTES.reports, validate: { body: reportBody } },
    handleErrors(async (context, request, response) => {
      const reader = readerOf(context);
      const { reports, reportData } = services();
      const job = reports.generate(
        { ...reader, data: reportData(request, reader.caller) },
        request.body as ReportRequest,
      );
      return response.accepted({ body: json(job) });
    }),
  );

  router.get(
    {
      path: REPORTS_ROUTES.job,
      validate: { params: schema.object({ id: schema.string({ minLength: 1, maxLength: 64 }) }) },
    },
    handleErrors(async (context, request, response) =>
      response.ok({ body: json(services().reports.job(readerOf(context), request.params.id)) }),
    ),
  );

  router.get(
    { path: REPORTS_ROUTES.reports, validate: false },
    handleErrors(async (context, _request, response) =>
      response.ok({ body: { reports: await services().reports.list(readerOf(context)) } }),
    ),
  );

  router.get(
    { path: REPORTS_ROUTES.report, validate: { params: reportName } },
    handleErrors(async (context, request, response) => {
      const { report, stream } = await services().reports.open(
        readerOf(context),
        request.params.name,
      );
      return response.custom({
        statusCode: 200,
        body: stream,
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(report.size),
          'content-disposition': `attachment; filename="${report.name}"`,
        },
      });
    }),
  );

  router.delete(
    { path: REPORTS_ROUTES.report, validate: { params: reportName } },
    handleErrors(async (context, request, response) => {
      const report = await services().reports.delete(readerOf(context), request.params.name);
      return response.ok({ body: { name: report.name, deleted: true } });
    }),
  );
}
