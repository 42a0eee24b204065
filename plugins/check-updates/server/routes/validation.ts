import { schema } from '@host/schema';
import { UPDATE_TYPES, type UpdateType } from '../../common/types';
import { isUpdateType, semanticVersionError } from '../../common/versions';

/** Bound that keeps stored records small whatever a client sends (their count is the service's). */
const MAX_VERSION_LENGTH = 64;

const ISO_TIMESTAMP =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export const versionSchema = schema.string({
  minLength: 1,
  maxLength: MAX_VERSION_LENGTH,
  validate: semanticVersionError,
});

/**
 * `major`, `minor` or `patch`. A string with a check rather than a `oneOf` of literals: the check
 * answers with one readable line instead of one line per alternative.
 */
export const updateTypeSchema = schema.string({
  validate: (value) =>
    isUpdateType(value)
      ? undefined
      : `must be one of [${UPDATE_TYPES.join(', ')}] but got [${value}]`,
});

/** Narrows a value `updateTypeSchema` accepted. */
export function asUpdateType(value: string): UpdateType {
  if (!isUpdateType(value)) throw new TypeError(`[${value}] is not an update type`);
  return value;
}

export const isoTimestampSchema = schema.string({
  validate: (value) =>
    ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))
      ? undefined
      : `[${value}] is not an ISO 8601 timestamp`,
});
