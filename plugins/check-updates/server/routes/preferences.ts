import { schema } from '@host/schema';
import { ROUTES } from '../../common/constants';
import type { DataResponse, DismissUpdateResponse, UserPreferences } from '../../common/types';
import { toSemanticVersion } from '../../common/versions';
import type { CheckUpdatesRouter, GetServices } from '../types';
import { currentUsername } from './current-user';
import { errorResponse } from './error-response';
import { asUpdateType, isoTimestampSchema, updateTypeSchema, versionSchema } from './validation';

const notLoggedIn = { body: { message: 'Preferences belong to a dashboard user: log in first' } };

function preferencesBody(data: UserPreferences): DataResponse<UserPreferences> {
  return { data };
}

/** `GET /preferences`, `PUT /preferences` and `POST /dismiss`: the current user's dismissed updates. */
export function registerPreferencesRoutes(
  router: CheckUpdatesRouter,
  getServices: GetServices,
): void {
  router.get({ path: ROUTES.preferences, validate: false }, async (context, request, response) => {
    const username = currentUsername(context, request);
    if (!username) return response.unauthorized(notLoggedIn);
    return response.ok({ body: preferencesBody(await getServices().preferences.get(username)) });
  });

  router.put(
    {
      path: ROUTES.preferences,
      validate: {
        body: schema.object({
          dismissed_updates: schema.recordOf(
            versionSchema,
            schema.object({
              update_type: updateTypeSchema,
              dismissed_date: schema.maybe(isoTimestampSchema),
            }),
          ),
        }),
      },
    },
    async (context, request, response) => {
      const username = currentUsername(context, request);
      if (!username) return response.unauthorized(notLoggedIn);
      const dismissedUpdates = Object.fromEntries(
        Object.entries(request.body.dismissed_updates).map(([version, entry]) => [
          version,
          {
            update_type: asUpdateType(entry.update_type),
            dismissed_date: entry.dismissed_date && new Date(entry.dismissed_date).toISOString(),
          },
        ]),
      );
      try {
        const data = await getServices().preferences.replaceDismissedUpdates(username, {
          dismissed_updates: dismissedUpdates,
        });
        return response.ok({ body: preferencesBody(data) });
      } catch (error) {
        return errorResponse(response, error);
      }
    },
  );

  router.post(
    {
      path: ROUTES.dismiss,
      validate: { body: schema.object({ version: versionSchema, update_type: updateTypeSchema }) },
    },
    async (context, request, response) => {
      const username = currentUsername(context, request);
      if (!username) return response.unauthorized(notLoggedIn);
      const updateType = asUpdateType(request.body.update_type);
      await getServices().preferences.dismiss(username, {
        version: request.body.version,
        update_type: updateType,
      });
      const body: DismissUpdateResponse = {
        success: true,
        message: `The ${updateType} update ${toSemanticVersion(request.body.version)} is dismissed for [${username}]`,
      };
      return response.ok({ body });
    },
  );
}
