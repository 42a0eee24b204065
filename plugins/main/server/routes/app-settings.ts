/**
 * App settings over HTTP: read and change them (dashboard admins), the logo upload, and what every
 * signed-in user's browser needs of them. The work is in `AppSettingsService`.
 */
import { schema } from '@host/schema';
import type { IRouter } from '@host/server/types';
import { APP_SETTINGS_ROUTES, type AppSettingsAnswer } from '../../common/app-settings';
import { ADMIN_ROLE } from '../../common/constants';
import type { AppSettingsService } from '../services/app-settings/app-settings-service';
import { handleErrors } from './error-responses';

const version = schema.maybe(schema.string({ minLength: 1, maxLength: 256 }));

/**
 * An SVG is served as an image that can do nothing else even if opened on its own: no script, no
 * loads, never sniffed as another type.
 */
const LOGO_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, max-age=31536000, immutable',
};

export function registerAppSettingsRoutes(
  router: IRouter,
  services: () => { appSettings: AppSettingsService },
  maxLogoBytes: number,
): void {
  const answer = (body: AppSettingsAnswer) => ({ body: body });

  router.get(
    { path: APP_SETTINGS_ROUTES.settings, validate: false, options: { requiredRole: ADMIN_ROLE } },
    handleErrors(async (_context, _request, response) =>
      response.ok(answer(await services().appSettings.answer())),
    ),
  );

  router.put(
    {
      path: APP_SETTINGS_ROUTES.settings,
      validate: {
        body: schema.object({
          /** Setting key → new value; `null` returns the key to the config file's value. */
          values: schema.recordOf(schema.string({ maxLength: 200 }), schema.any()),
          version,
        }),
      },
      options: { requiredRole: ADMIN_ROLE },
    },
    handleErrors(async (context, request, response) =>
      response.ok(
        answer(
          await services().appSettings.save(
            context.core.security.currentUser?.username ?? '',
            request.body.values,
            request.body.version,
          ),
        ),
      ),
    ),
  );

  router.get(
    { path: APP_SETTINGS_ROUTES.public, validate: false },
    handleErrors(async (_context, _request, response) =>
      response.ok({ body: services().appSettings.publicSettings() }),
    ),
  );

  router.put(
    {
      path: APP_SETTINGS_ROUTES.logo,
      validate: { query: schema.object({ version }), body: schema.any() },
      options: {
        requiredRole: ADMIN_ROLE,
        body: {
          parse: false,
          output: 'data',
          maxBytes: maxLogoBytes,
          accepts: ['image/png', 'image/svg+xml'],
        },
      },
    },
    handleErrors(async (context, request, response) =>
      response.ok(
        answer(
          await services().appSettings.setLogo(
            context.core.security.currentUser?.username ?? '',
            request.body as Buffer,
            request.query.version,
          ),
        ),
      ),
    ),
  );

  router.delete(
    {
      path: APP_SETTINGS_ROUTES.logo,
      validate: { query: schema.object({ version }) },
      options: { requiredRole: ADMIN_ROLE },
    },
    handleErrors(async (context, request, response) =>
      response.ok(
        answer(
          await services().appSettings.removeLogo(
            context.core.security.currentUser?.username ?? '',
            request.query.version,
          ),
        ),
      ),
    ),
  );

  router.get(
    { path: APP_SETTINGS_ROUTES.logo, validate: false, options: { compress: false } },
    handleErrors(async (_context, _request, response) => {
      const logo = await services().appSettings.logo();
      if (!logo)
        return response.notFound({
          body: { message: 'No logo was uploaded.', attributes: { code: 'logo_not_found' } },
        });
      return response.custom({
        statusCode: 200,
        body: logo.bytes,
        headers: {
          ...LOGO_HEADERS,
          'content-type': logo.info.contentType,
          etag: `"${logo.info.sha256}"`,
        },
      });
    }),
  );
}
