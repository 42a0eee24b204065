/** `GET /api/health-check`: the state of every health check (`refresh=true` checks the hosts now). */
import { schema } from '@host/schema';
import type { IRouter } from '@host/server/types';
import { SVC_ROUTES } from '../../common/constants';
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
}
