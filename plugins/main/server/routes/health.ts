/**
 * `GET /api/health-check`: the state of every health check (`refresh=true` checks the hosts now).
 * `GET /api/health-check/due`: whether the checks are due (first open after an upgrade);
 * `POST` there records that they ran for this version.
 */
import { schema } from '@host/schema';
import type { IRouter } from '@host/server/types';
import { SVC_ROUTES } from '../../common/constants';
import { HEALTH_CHECK_ROUTES } from '../../common/health';
import type { ServicesAccessor } from '../plugin-services';
import { handleErrors } from './error-responses';

export function registerHealthRoute(router: IRouter, services: ServicesAccessor): void {
  router.get(
    {
      path: SVC_ROUTES.healthCheck,
      validate: { query: schema.object({ refresh: schema.boolean({ defaultValue: false }) }) },
    },
    handleErrors(async (_context, request, response) =>
      response.ok({
        body: await services().healthChecks.run({ refresh: request.query.refresh, request }),
      }),
    ),
  );

  router.get(
    { path: HEALTH_CHECK_ROUTES.due, validate: false },
    handleErrors(async (_context, _request, response) =>
      response.ok({ body: await services().lastCheckedVersion.due() }),
    ),
  );

  router.post(
    { path: HEALTH_CHECK_ROUTES.due, validate: false },
    handleErrors(async (context, _request, response) =>
      response.ok({
        body: await services().lastCheckedVersion.record(
          context.core.security.currentUser?.username ?? '',
        ),
      }),
    ),
  );
}
