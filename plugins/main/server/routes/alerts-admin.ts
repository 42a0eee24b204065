/**
 * The indexer's state and sample data: `GET /api/alerts/status`, `GET /api/alerts/sample-data`
 * (each category's status), and for admins `POST` and `DELETE /api/alerts/sample-data/{category}`
 * (add for an API host's manager and agents, remove). They validate and translate HTTP only.
 */
import { schema, type Type } from '@host/schema';
import type { IRouter, OsdRequest } from '@host/server/types';
import {
  ALERTS_ROUTES,
  SAMPLE_DATA_CATEGORIES,
  type IndexerStatus,
  type SampleDataCategory,
} from '../../common/alerts/api';
import { apiHostIdProblem } from '../../common/api-host-rules';
import { ADMIN_ROLE } from '../../common/constants';
import type { ApiHostRequester } from '../services/managed-api/api-host-requester';
import type { SampleDataService } from '../services/alerts/sample-data';
import type { AlertsScope } from '../services/alerts/scope';
import { handleErrors } from './error-responses';

export interface AlertsAdminServices {
  indexerStatus(request: OsdRequest, signal?: AbortSignal): Promise<IndexerStatus>;
  sampleData: SampleDataService;
  /** The manager pin of a stored API host (its not-found error otherwise). */
  managerPin(apiHostId: string): Promise<AlertsScope['pin']>;
  /** The managed API as the user behind the request. */
  apiAsUser(request: OsdRequest): ApiHostRequester;
}

const category = schema.oneOf(
  SAMPLE_DATA_CATEGORIES.map(({ id }) => schema.literal(id)) as unknown as [
    Type<SampleDataCategory>,
  ],
);
const categoryParams = schema.object({ category });

export function registerAlertsAdminRoutes(
  router: IRouter,
  services: () => AlertsAdminServices,
): void {
  router.get(
    { path: ALERTS_ROUTES.status, validate: false },
    handleErrors(async (_context, request, response) =>
      response.ok({ body: await services().indexerStatus(request, request.signal) }),
    ),
  );

  router.get(
    { path: ALERTS_ROUTES.sampleData, validate: false },
    handleErrors(async (_context, request, response) =>
      response.ok({
        body: { categories: await services().sampleData.statuses(request.signal) },
      }),
    ),
  );

  router.post(
    {
      path: `${ALERTS_ROUTES.sampleData}/{category}`,
      validate: {
        params: categoryParams,
        body: schema.object({ apiHostId: schema.string({ validate: apiHostIdProblem }) }),
      },
      options: { requiredRole: ADMIN_ROLE },
    },
    handleErrors(async (_context, request, response) => {
      const { apiHostId } = request.body;
      const { sampleData, managerPin, apiAsUser } = services();
      const status = await sampleData.addForHost(request.params.category, {
        requester: apiAsUser(request),
        apiHostId,
        pin: await managerPin(apiHostId),
      });
      return response.ok({ body: status });
    }),
  );

  router.delete(
    {
      path: `${ALERTS_ROUTES.sampleData}/{category}`,
      validate: { params: categoryParams },
      options: { requiredRole: ADMIN_ROLE },
    },
    handleErrors(async (_context, request, response) =>
      response.ok({ body: await services().sampleData.remove(request.params.category) }),
    ),
  );
}
