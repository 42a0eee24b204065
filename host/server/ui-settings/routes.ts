/** HTTP API of advanced settings; reads for every user, changes for admins only. */
import { schema } from '../../schema';
import type {
  IRouter,
  OsdResponse,
  RequestHandler,
  RequestHandlerContext,
  ResponseFactory,
  SavedObjectsClientContract,
} from '../types';
import { ADMIN_ROLE } from '../security/users/user-rules';
import { UiSettingsError } from '../errors';
import type { ScopedUiSettingsClient } from './ui-settings-client';

const UI_SETTINGS_PATH = '/api/opensearch-dashboards/settings';

type ClientFactory = (client: SavedObjectsClientContract) => ScopedUiSettingsClient;

/** Reads are for every user, changes for admins. */
const adminOnly = { requiredRole: ADMIN_ROLE };

export function registerUiSettingsRoutes(router: IRouter, asScopedToClient: ClientFactory): void {
  const settingsOf = (context: RequestHandlerContext) =>
    asScopedToClient(context.core.savedObjects.client);

  /** A refused change is a 400 naming the setting. Answers with every setting afterwards. */
  function change<P, Q, B>(
    apply: (settings: ScopedUiSettingsClient, params: P, body: B) => Promise<void>,
  ): RequestHandler<P, Q, B> {
    return async (context, request, response): Promise<OsdResponse> => {
      const settings = settingsOf(context);
      try {
        await apply(settings, request.params, request.body);
      } catch (error) {
        return refused(error, response);
      }
      return response.ok({ body: { settings: await settings.describe() } });
    };
  }

  router.get({ path: UI_SETTINGS_PATH, validate: false }, async (context, _request, response) =>
    response.ok({ body: { settings: await settingsOf(context).describe() } }),
  );

  router.post(
    {
      path: UI_SETTINGS_PATH,
      validate: {
        body: schema.object({ changes: schema.recordOf(schema.string(), schema.any()) }),
      },
      options: adminOnly,
    },
    change((settings, _params, body) => settings.setMany(body.changes)),
  );

  const keyParams = schema.object({ key: schema.string({ minLength: 1 }) });
  router.post(
    {
      path: `${UI_SETTINGS_PATH}/{key}`,
      validate: { params: keyParams, body: schema.object({ value: schema.any() }) },
      options: adminOnly,
    },
    change((settings, params, body) => settings.set(params.key, body.value)),
  );

  router.delete(
    { path: `${UI_SETTINGS_PATH}/{key}`, validate: { params: keyParams }, options: adminOnly },
    change((settings, params) => settings.remove(params.key)),
  );
}

function refused(error: unknown, response: ResponseFactory): OsdResponse {
  if (!(error instanceof UiSettingsError)) throw error;
  return response.badRequest({ body: { message: error.message, attributes: { key: error.key } } });
}
