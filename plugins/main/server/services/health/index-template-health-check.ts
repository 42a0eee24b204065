/**
 * Whether an index template applies to the alerts index pattern: without one, new alerts indices
 * get guessed mappings (text instead of keyword, numbers as text) and views and searches break. The
 * original checks this at start too. Legacy templates (`/_template`), as Wazuh 4.x installs its own.
 */
import type { IndexerConnection } from '../alerts/indexer';
import type { HealthCheck } from './health-checks';

/** What of a pattern comes before its first wildcard. */
const stem = (pattern: string) => pattern.split('*')[0];

/** Two patterns may name a same index when the literal start of one begins the other's. */
export function patternsOverlap(a: string, b: string): boolean {
  const [x, y] = [stem(a), stem(b)];
  return x.startsWith(y) || y.startsWith(x);
}

type Templates = Record<string, { index_patterns?: unknown }>;

export function indexTemplateHealthCheck(
  indexer: () => Pick<IndexerConnection, 'configured' | 'request'>,
  pattern: () => string,
): HealthCheck {
  return {
    id: 'index-template',
    title: 'Alerts index template',
    async run({ request }) {
      const connection = indexer();
      const alerts = pattern();
      if (!connection.configured)
        return { state: 'green', message: 'No indexer is configured: no template is needed.' };
      let templates: Templates;
      try {
        templates = await connection.request<Templates>(
          (client) => client.indices.getTemplate(),
          request?.signal,
        );
      } catch (error) {
        return {
          state: 'red',
          message: `The index templates could not be read: ${(error as Error).message}`,
          fix: 'Fix the Indexer check first, then retry.',
        };
      }
      const applying = Object.entries(templates)
        .filter(([, template]) =>
          [template.index_patterns ?? []]
            .flat()
            .some((each) => typeof each === 'string' && patternsOverlap(each, alerts)),
        )
        .map(([name]) => name);
      if (applying.length > 0)
        return {
          state: 'green',
          message: `Template [${applying.join(', ')}] applies to [${alerts}].`,
          details: { pattern: alerts, templates: applying },
        };
      return {
        state: 'red',
        message: `No index template applies to [${alerts}]: new alerts indices get guessed field types, so searches and charts on them fail.`,
        fix: 'Install the Wazuh template on the indexer (on the manager: filebeat setup --index-management, or PUT _template/wazuh with wazuh-template.json), then retry.',
        details: { pattern: alerts, templates: Object.keys(templates) },
      };
    },
  };
}
