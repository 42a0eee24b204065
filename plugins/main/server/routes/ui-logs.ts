/** `POST /utils/logs/ui`: the browser reports an error (or a notice) into the rotating UI log. */
import { schema } from '@host/schema';
import type { IRouter } from '@host/server/types';
import { SVC_ROUTES } from '../../common/constants';
import { UI_LOG_LOCATION_MAX_LENGTH, UI_LOG_MESSAGE_MAX_LENGTH } from '../../common/ui-logs';
import type { ServicesAccessor } from '../plugin-services';
import { handleErrors } from './error-responses';

export function registerUiLogsRoute(router: IRouter, services: ServicesAccessor): void {
  router.post(
    {
      path: SVC_ROUTES.uiLogs,
      validate: {
        body: schema.object({
          level: schema.oneOf([
            schema.literal('info'),
            schema.literal('warning'),
            schema.literal('error'),
            // The reference product's browser code says `warn`.
            schema.literal('warn'),
          ]),
          message: schema.string({ minLength: 1, maxLength: UI_LOG_MESSAGE_MAX_LENGTH }),
          location: schema.string({ maxLength: UI_LOG_LOCATION_MAX_LENGTH }),
        }),
      },
    },
    handleErrors(async (context, request, response) => {
      const username = context.core.security.currentUser?.username ?? 'anonymous';
      const { level, ...entry } = request.body;
      const outcome = await services().uiLogs.write(username, {
        ...entry,
        level: level === 'warn' ? 'warning' : level,
      });
      if (!outcome.written) {
        return response.customError({
          statusCode: 429,
          body: {
            message: `Too many UI log entries from [${username}]; try again in ${outcome.retryAfterSeconds} s.`,
            attributes: { code: 'rate_limited' },
          },
          headers: { 'retry-after': String(outcome.retryAfterSeconds) },
        });
      }
      return response.ok({ body: { statusCode: 200, error: 0, message: 'Log has been added' } });
    }),
  );
}
