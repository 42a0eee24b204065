import { schema } from '@host/schema';
import { ROUTES } from '../../common/constants';
import type { AvailableUpdates, DataResponse } from '../../common/types';
import type { CheckUpdatesRouter, GetServices } from '../types';
import { errorResponse } from './error-response';

/** `GET /updates?api_id=&force=`: the available updates of one API host. */
export function registerUpdatesRoute(router: CheckUpdatesRouter, getServices: GetServices): void {
  router.get(
    {
      path: ROUTES.updates,
      validate: {
        query: schema.object({
          api_id: schema.string({ minLength: 1, maxLength: 256 }),
          force: schema.boolean({ defaultValue: false }),
        }),
      },
    },
    async (_context, request, response) => {
      const { api_id: apiHostId, force } = request.query;
      try {
        const data = await getServices().availableUpdates.getAvailableUpdates(apiHostId, { force });
        const body: DataResponse<AvailableUpdates> = { data };
        return response.ok({ body });
      } catch (error) {
        return errorResponse(response, error, { api_id: apiHostId });
      }
    },
  );
}
