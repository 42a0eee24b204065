/**
 * `POST /api/csv` `{id, path, filters}`: a managed-API list as a CSV download. Problems found before
 * the first byte are JSON errors; the HTTP layer aborts the connection if the stream fails later.
 */
import { schema } from '@host/schema';
import type { IRouter } from '@host/server/types';
import { apiHostIdProblem } from '../../common/api-host-rules';
import { SVC_ROUTES } from '../../common/constants';
import { MANAGED_API_PATH_MAX_LENGTH } from '../../common/managed-api-request';
import type { ServicesAccessor } from '../plugin-services';
import { handleErrors } from './error-responses';

const filter = schema.object(
  {
    /** Empty: the filter is skipped, as the reference product's browser code relies on. */
    name: schema.string({
      validate: (name) =>
        /^[A-Za-z0-9_.-]{0,64}$/.test(name)
          ? undefined
          : 'must be a query parameter name (letters, digits, "_", ".", "-")',
    }),
    value: schema.nullable(
      schema.oneOf([schema.string({ maxLength: 4096 }), schema.number(), schema.boolean()]),
    ),
    _isCDBList: schema.maybe(schema.boolean()),
  },
  { unknowns: 'ignore' },
);

export function registerCsvRoute(router: IRouter, services: ServicesAccessor): void {
  router.post(
    {
      path: SVC_ROUTES.csv,
      validate: {
        body: schema.object({
          id: schema.string({ validate: apiHostIdProblem }),
          path: schema.string({ minLength: 1, maxLength: MANAGED_API_PATH_MAX_LENGTH }),
          filters: schema.arrayOf(filter, { maxSize: 100, defaultValue: [] }),
        }),
      },
    },
    handleErrors(async (context, request, response) => {
      const { id, path, filters } = request.body;
      const exported = await services().csv.startAs(context.core.security.currentUser, {
        apiHostId: id,
        path,
        filters,
        signal: request.signal,
      });
      return response.ok({
        body: exported.stream,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${exported.filename}"`,
          'cache-control': 'no-store',
          // Rows the list holds and rows this file has: a row limit is said, never silent.
          ...(exported.totalRows === undefined
            ? {}
            : {
                'x-svc-total-rows': String(exported.totalRows),
                'x-svc-exported-rows': String(exported.exportedRows),
              }),
        },
      });
    }),
  );
}
