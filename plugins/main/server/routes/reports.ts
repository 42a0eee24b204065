/**
 * The report routes: `POST /api/reports` starts a report (202 with its job), `GET
 * /api/reports/jobs/{id}` tells how it goes, `GET /api/reports` lists the caller's reports (an
 * admin's: everyone's), `GET /api/reports/{name}` downloads one and `DELETE /api/reports/{name}`
 * removes it. Another user's report or job is not found. The work is in services/reports.
 */
import { schema } from '@host/schema';
import type { IRouter, OsdRequest, RequestHandlerContext } from '@host/server/types';
import { ADMIN_ROLE } from '../../common/constants';
import { REPORTS_ROUTES, type ReportRequest } from '../../common/modules/reports';
import type { ReportDataSource, ReportsService } from '../services/reports';
import { isReportName } from '../services/reports/report-store';
import { selectionProps } from './alerts-selection-schema';
import { contractSchema } from './contract-schema';
import { handleErrors } from './error-responses';

export interface ReportRouteServices {
  reports: ReportsService;
  /** Reads alerts as the user behind `request`, for the report's job. */
  reportData: (request: OsdRequest, username: string) => ReportDataSource;
}

/** The selection as the alerts routes take it; the search service checks its fields and dates. */
const selection = schema.object(selectionProps);

const reportBody = contractSchema<ReportRequest>()(
  schema.object({
    moduleId: schema.maybe(schema.string({ minLength: 1, maxLength: 64 })),
    agentId: selectionProps.agentId,
    selection,
  }),
);

const reportName = schema.object({
  name: schema.string({
    maxLength: 160,
    validate: (name) => (isReportName(name) ? undefined : 'is not a report name'),
  }),
});

function readerOf(context: RequestHandlerContext) {
  const user = context.core.security.currentUser;
  // The routes require a login, so there is always a user.
  return { username: user?.username ?? '', admin: user?.roles.includes(ADMIN_ROLE) ?? false };
}

export function registerReportRoutes(router: IRouter, services: () => ReportRouteServices): void {
  router.post(
    { path: REPORTS_ROUTES.reports, validate: { body: reportBody } },
    handleErrors(async (context, request, response) => {
      const reader = readerOf(context);
      const { reports, reportData } = services();
      const job = await reports.generate(
        { ...reader, data: reportData(request, reader.username) },
        request.body,
      );
      return response.accepted({ body: job });
    }),
  );

  router.get(
    {
      path: REPORTS_ROUTES.job,
      validate: { params: schema.object({ id: schema.string({ minLength: 1, maxLength: 64 }) }) },
    },
    handleErrors(async (context, request, response) =>
      response.ok({
        body: await services().reports.job(readerOf(context), request.params.id),
      }),
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
