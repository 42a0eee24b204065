/**
 * The indexer's state and sample data: `GET /api/alerts/status`, `GET /api/alerts/sample-data`
 * (each category's status), and for admins `POST` and `DELETE /api/alerts/sample-data/{category}`
 * (add for an API host's manager and agents, remove). They validate and translate HTTP only.
 */
import { schema, type Type } from '../../../../host/schema';
import type {
  IRouter,
  OsdRequest,
  OsdResponse,
  RequestHandler,
  RequestHandlerContext,
  ResponseFactory,
} from '../../../../host/server/types';
import {
  ALERTS_ROUTES,
  SAMPLE_DATA_CATEGORIES,
  type IndexerStatus,
  type SampleDataCategory,
} from '../../common/alerts/api';
import { apiHostIdProblem } from '../../common/api-host-rules';
import { ADMIN_ROLE } from '../../common/constants';
import type { ManagedApiRequester } from '../types';
import { IndexerError } from '../services/alerts/indexer';
import type { SampleDataService } from '../services/alerts/sample-data';
import { AlertsScopeError, type AlertsScope } from '../services/alerts/scope';
import { errorResponse } from './error-responses';

export interface AlertsAdminServices {
  indexerStatus(request: OsdRequest, signal?: AbortSignal): Promise<IndexerStatus>;
  sampleData: SampleDataService;
  /** The manager pin of a stored API host (its not-found error otherwise). */
  managerPin(apiHostId: string): Promise<AlertsScope['pin']>;
  /** The managed API as the user behind the request. */
  apiAsUser(request: OsdRequest): ManagedApiRequester;
}

const category = schema.oneOf(
  SAMPLE_DATA_CATEGORIES.map(({ id }) => schema.literal(id)) as unknown as [
    Type<SampleDataCategory>,
  ],
);
const categoryParams = schema.object({ category });

/** The indexer's and the scope's typed failures with their status, code and `Retry-After`. */
function adminErrorResponse(response: ResponseFactory, error: unknown): OsdResponse {
  if (error instanceof IndexerError || error instanceof AlertsScopeError)
    return response.customError({
      statusCode: error.statusCode,
      body: { message: error.message, attributes: error.toAttributes() },
      ...(error instanceof IndexerError &&
        error.retryAfterSeconds !== undefined && {
          headers: { 'retry-after': String(error.retryAfterSeconds) },
        }),
    });
  return errorResponse(response, error);
}

function handle<P, Q, B>(handler: RequestHandler<P, Q, B>): RequestHandler<P, Q, B> {
  return async (context: RequestHandlerContext, request, response) => {
    try {
      return await handler(context, request, response);
    } catch (error) {
      return adminErrorResponse(response, error);
    }
  };
}

const json = <T extends object>(body: T) => body as unknown as Record<string, unknown>;

export function registerAlertsAdminRoutes(
  router: IRouter,
  services: () => AlertsAdminServices,
): void {
  router.get(
    { path: ALERTS_ROUTES.status, validate: false },
    handle(async (_context, request, response) =>
      response.ok({ body: json(await services().indexerStatus(request, request.signal)) }),
    ),
  );

  router.get(
    { path: ALERTS_ROUTES.sampleData, validate: false },
    handle(async (_context, request, response) =>
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
    handle(async (_context, request, response) => {
      const { apiHostId } = request.body;
      const { sampleData, managerPin, apiAsUser } = services();
      const status = await sampleData.addForHost(request.params.category, {
        requester: apiAsUser(request),
        apiHostId,
        pin: await managerPin(apiHostId),
      });
      return response.ok({ body: json(status) });
    }),
  );

  router.delete(
    {
      path: `${ALERTS_ROUTES.sampleData}/{category}`,
      validate: { params: categoryParams },
      options: { requiredRole: ADMIN_ROLE },
    },
    handle(async (_context, request, response) =>
      response.ok({ body: json(await services().sampleData.remove(request.params.category)) }),
    ),
  );
}
