/**
 * The request schema of an alerts selection (host, time range, query, filters, pinned agent), shared
 * by the alerts routes and the report routes so both accept exactly the same selections.
 */
import { schema, type Type } from '@host/schema';
import { apiHostIdProblem } from '../../common/api-host-rules';
import { ALERTS_DATASET_IDS } from '../../common/alerts/datasets';

/** Longest search-bar query accepted (characters). */
const MAX_QUERY_LENGTH = 8_192;
const MAX_FIELD_NAME_LENGTH = 256;
const MAX_VALUE_LENGTH = 4_096;
export const MAX_FILTERS = 100;
const MAX_FILTER_VALUES = 1_000;

export const fieldName = schema.string({ minLength: 1, maxLength: MAX_FIELD_NAME_LENGTH });
const scalar = schema.oneOf([
  schema.string({ maxLength: MAX_VALUE_LENGTH }),
  schema.number(),
  schema.boolean(),
]);
const bound = schema.oneOf([schema.string({ maxLength: MAX_VALUE_LENGTH }), schema.number()]);
export const wholeNumber = (min: number, max: number) =>
  schema.number({
    min,
    max,
    validate: (value) => (Number.isInteger(value) ? undefined : 'must be a whole number'),
  });
export const literals = <T extends string>(values: readonly T[]) =>
  schema.oneOf(values.map((value) => schema.literal(value)) as unknown as [Type<T>]);

export const query = schema.object({
  language: literals(['kuery', 'lucene'] as const),
  query: schema.string({ maxLength: MAX_QUERY_LENGTH }),
});

const filterCommon = {
  field: fieldName,
  negate: schema.maybe(schema.boolean()),
  disabled: schema.maybe(schema.boolean()),
};

const filter = schema.discriminatedUnion('type', [
  schema.object({ ...filterCommon, type: schema.literal('is'), value: scalar }),
  schema.object({
    ...filterCommon,
    type: schema.literal('is_one_of'),
    values: schema.arrayOf(scalar, { minSize: 1, maxSize: MAX_FILTER_VALUES }),
  }),
  schema.object({ ...filterCommon, type: schema.literal('exists') }),
  schema.object(
    {
      ...filterCommon,
      type: schema.literal('between'),
      gte: schema.maybe(bound),
      lte: schema.maybe(bound),
    },
    {
      validate: (between) =>
        between.gte === undefined && between.lte === undefined
          ? 'a [between] filter needs gte, lte or both'
          : undefined,
    },
  ),
]);
export const filters = schema.arrayOf(filter, { maxSize: MAX_FILTERS });

export const dataset = schema.maybe(literals(ALERTS_DATASET_IDS));

/** A view id is a module id; the search service knows which exist. */
const VIEW_ID = /^[a-z0-9-]{1,64}$/;

export const selectionProps = {
  apiHostId: schema.string({ validate: apiHostIdProblem }),
  dataset,
  indexPattern: schema.maybe(schema.string({ minLength: 1, maxLength: 255 })),
  view: schema.maybe(
    schema.string({
      validate: (id) => (VIEW_ID.test(id) ? undefined : 'must be a view id such as pci-dss'),
    }),
  ),
  // Required for alerts, which the search service checks: states datasets take none.
  timeRange: schema.maybe(
    schema.object({
      from: schema.string({ minLength: 1, maxLength: 100 }),
      to: schema.string({ minLength: 1, maxLength: 100 }),
    }),
  ),
  query: schema.maybe(query),
  filters: schema.maybe(filters),
  agentId: schema.maybe(
    schema.string({
      validate: (id) => (/^\d{3,8}$/.test(id) ? undefined : 'must be an agent id such as 001'),
    }),
  ),
};
