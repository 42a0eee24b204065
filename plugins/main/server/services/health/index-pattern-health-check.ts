/**
 * Health of the alerts index pattern: it exists, has fields and the time field the alerts need.
 * The check only reads; the plugin creates a missing pattern at start.
 */
import type { ISavedObjectsRepository } from '@host/server/types';
import type { IndexPatternInspection, IndexPatternService } from '../indexer/index-patterns';
import type { HealthCheck, HealthCheckOutcome } from './health-checks';

function outcomeOf(title: string, inspection: IndexPatternInspection): HealthCheckOutcome {
  const details = { pattern: title, ...inspection };
  if (!inspection.present) {
    return {
      state: 'red',
      message: `Index pattern [${title}] is missing: restart the dashboard to create it, or create it with POST /indexer/index-patterns.`,
      details,
    };
  }
  const { expectedTimeFieldName, timeFieldName } = inspection;
  if (expectedTimeFieldName !== undefined && timeFieldName !== expectedTimeFieldName) {
    return {
      state: 'yellow',
      message: `Index pattern [${title}] has time field [${timeFieldName ?? 'none'}] instead of [${expectedTimeFieldName}]: alerts cannot be shown by time.`,
      details,
    };
  }
  if (inspection.fieldCount === 0) {
    return {
      state: 'yellow',
      message: `Index pattern [${title}] has no fields: searches on it cannot name a field.`,
      details,
    };
  }
  return {
    state: 'green',
    message: `Index pattern [${title}] exists with ${inspection.fieldCount} fields.`,
    details,
  };
}

/** `services` is read when the check runs (saved objects exist from the plugin's start on). */
export function indexPatternHealthCheck(
  services: () => { indexPatterns: IndexPatternService; repository: ISavedObjectsRepository },
  title: string,
): HealthCheck {
  return {
    id: 'index-pattern',
    title: 'Alerts index pattern',
    async run() {
      const { indexPatterns, repository } = services();
      return outcomeOf(title, await indexPatterns.inspect(repository, title));
    },
  };
}
