/** `GET /indexer/known-fields/{pattern}`, `GET /indexer/visualizations`, `POST /indexer/index-patterns`. */
import { schema } from '@host/schema';
import type { IRouter } from '@host/server/types';
import { ADMIN_ROLE, SVC_ROUTES } from '../../common/constants';
import { KNOWN_PATTERNS } from '../../common/known-fields';
import type { ServicesAccessor } from '../plugin-services';
import { INDEX_PATTERN_FORBIDDEN } from '../services/indexer/index-patterns';
import { listVisualizations } from '../services/indexer/visualizations';
import { handleErrors } from './error-responses';

const patternTitle = schema.string({
  minLength: 1,
  maxLength: 255,
  validate: (title) =>
    INDEX_PATTERN_FORBIDDEN.test(title)
      ? 'must not contain spaces or any of \\ / ? " < > | #'
      : undefined,
});

const field = schema.object({
  name: schema.string({ minLength: 1, maxLength: 1024 }),
  type: schema.oneOf([
    schema.literal('string'),
    schema.literal('number'),
    schema.literal('date'),
    schema.literal('boolean'),
    schema.literal('ip'),
    schema.literal('geo_point'),
    schema.literal('object'),
  ]),
  esTypes: schema.arrayOf(schema.string({ maxLength: 64 }), { maxSize: 8, defaultValue: [] }),
  searchable: schema.boolean({ defaultValue: true }),
  aggregatable: schema.boolean({ defaultValue: true }),
  readFromDocValues: schema.boolean({ defaultValue: true }),
});

export function registerIndexerRoutes(router: IRouter, services: ServicesAccessor): void {
  router.get(
    {
      path: SVC_ROUTES.knownFields,
      validate: { params: schema.object({ pattern: patternTitle }) },
    },
    handleErrors(async (_context, request, response) => {
      const known = services().knownFields.patternFor(request.params.pattern);
      if (!known) {
        const names = [
          services().config.indexer.alertsIndexPattern,
          ...KNOWN_PATTERNS.slice(1).map((pattern) => pattern.pattern),
        ];
        return response.notFound({
          body: {
            message: `No known fields for index pattern [${request.params.pattern}]. Known patterns: ${names.join(', ')}.`,
          },
        });
      }
      return response.ok({
        body: {
          pattern: known.pattern,
          title: known.title,
          timeFieldName: known.timeFieldName,
          fields: known.fields,
        },
      });
    }),
  );

  router.get(
    {
      path: SVC_ROUTES.visualizations,
      validate: {
        query: schema.object({
          page: schema.number({ min: 1, max: 10_000, defaultValue: 1 }),
          per_page: schema.number({ min: 1, max: 1000, defaultValue: 20 }),
          search: schema.maybe(schema.string({ maxLength: 256 })),
        }),
      },
    },
    handleErrors(async (context, request, response) => {
      const { page, per_page: perPage, search } = request.query;
      return response.ok({
        body: {
          data: await listVisualizations(context.core.savedObjects.client, {
            page,
            perPage,
            search,
          }),
        },
      });
    }),
  );

  router.post(
    {
      path: SVC_ROUTES.indexPatterns,
      validate: {
        body: schema.object({
          title: patternTitle,
          timeFieldName: schema.maybe(schema.string({ minLength: 1, maxLength: 1024 })),
          /** Fields of the pattern; a known pattern gets its known fields when none are given. */
          fields: schema.maybe(schema.arrayOf(field, { maxSize: 10_000 })),
          version: schema.maybe(schema.string({ minLength: 1, maxLength: 256 })),
        }),
      },
      options: { requiredRole: ADMIN_ROLE },
    },
    handleErrors(async (context, request, response) => {
      return response.ok({
        body: {
          data: await services().indexPatterns.save(context.core.savedObjects.client, request.body),
        },
      });
    }),
  );
}
