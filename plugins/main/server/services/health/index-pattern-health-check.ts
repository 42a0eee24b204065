/** Health of the alerts index pattern: it exists (it is created when missing). */
import type { ISavedObjectsRepository } from '../../../../../host/server/types';
import type { IndexPatternService } from '../indexer/index-patterns';
import type { HealthCheck } from './health-checks';

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
      const outcome = await indexPatterns.ensure(repository, title);
      return {
        state: 'green',
        message:
          outcome === 'created'
            ? `Index pattern [${title}] was missing and has been created.`
            : `Index pattern [${title}] exists.`,
        details: { pattern: title, outcome },
      };
    },
  };
}
