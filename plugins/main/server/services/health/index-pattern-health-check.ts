/**
 * Health of the alerts index pattern: it exists, has fields and the time field the alerts need.
 * The check only reads; the plugin creates a missing pattern at start.
 */
import type { ISavedObjectsRepository } from '@host/server/types';
import type { IndexPatternInspection, IndexPatternService } from '../indexer/index-patterns';
import type { HealthCheck, HealthCheckOutcome } from './health-checks';

function outcomeOf(
  title: string,
  inspection: IndexPatternInspection,
  missing: HealthCheckOutcome['state'],
): HealthCheckOutcome {
  const details = { pattern: title, ...inspection };
  if (!inspection.present) {
    return {
      state: missing,
      message: `Index pattern [${title}] is missing: the views over these indices have no fields to show.`,
      fix: `Create it (an admin: the Create button here, or POST /indexer/index-patterns with title ${title}), then retry.`,
      details,
    };
  }
  const { expectedTimeFieldName, timeFieldName } = inspection;
  if (expectedTimeFieldName !== undefined && timeFieldName !== expectedTimeFieldName) {
    return {
      state: 'yellow',
      message: `Index pattern [${title}] has time field [${timeFieldName ?? 'none'}] instead of [${expectedTimeFieldName}]: its documents cannot be shown by time.`,
      fix: `Delete the index pattern and create it again with time field ${expectedTimeFieldName}, then retry.`,
      details,
    };
  }
  if (inspection.fieldCount === 0) {
    return {
      state: 'yellow',
      message: `Index pattern [${title}] has no fields: searches on it cannot name a field.`,
      fix: 'Create it again with its fields (POST /indexer/index-patterns gives a known pattern its fields), then retry.',
      details,
    };
  }
  return {
    state: 'green',
    message: `Index pattern [${title}] exists with ${inspection.fieldCount} fields.`,
    details,
  };
}

/**
 * `services` is read when the check runs (saved objects exist from the plugin's start on), and
 * `pattern` too (the alerts pattern is an App setting).
 */
export function indexPatternHealthCheck(
  services: () => { indexPatterns: IndexPatternService; repository: ISavedObjectsRepository },
  check: {
    id: string;
    title: string;
    pattern: () => string;
    /** The state of a missing pattern: yellow for one that only optional views use. */
    missing?: HealthCheckOutcome['state'];
  },
): HealthCheck {
  return {
    id: check.id,
    title: check.title,
    async run() {
      const { indexPatterns, repository } = services();
      const title = check.pattern();
      return outcomeOf(
        title,
        await indexPatterns.inspect(repository, title),
        check.missing ?? 'red',
      );
    },
  };
}
