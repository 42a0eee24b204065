import { IndexerError } from '../alerts/indexer';
import { indexTemplateHealthCheck, patternsOverlap } from './index-template-health-check';

describe('patternsOverlap', () => {
  it.each([
    ['wazuh-alerts-4.x-*', 'wazuh-alerts-*', true],
    ['wazuh-alerts-*', 'wazuh-alerts-4.x-2026.01.01', true],
    ['wazuh-archives-4.x-*', 'wazuh-alerts-*', false],
    ['other-*', 'wazuh-alerts-*', false],
  ])('%s and %s: %s', (a, b, expected) => {
    expect(patternsOverlap(a, b)).toBe(expected);
  });
});

describe('indexTemplateHealthCheck', () => {
  const check = (request: () => Promise<object>, configured = true) =>
    indexTemplateHealthCheck(
      () => ({ configured, request: request as never }),
      () => 'wazuh-alerts-*',
    ).run({ refresh: true });

  it('is green when a template applies to the alerts pattern', async () => {
    const outcome = await check(async () => ({
      wazuh: { index_patterns: ['wazuh-alerts-4.x-*', 'wazuh-archives-4.x-*'] },
    }));
    expect(outcome).toMatchObject({
      state: 'green',
      message: 'Template [wazuh] applies to [wazuh-alerts-*].',
    });
  });

  it('is red with the cause and the fix when none does', async () => {
    const outcome = await check(async () => ({ other: { index_patterns: ['logs-*'] } }));
    expect(outcome.state).toBe('red');
    expect(outcome.message).toContain('No index template applies to [wazuh-alerts-*]');
    expect(outcome.fix).toContain('filebeat setup --index-management');
  });

  it('is red, pointing at the indexer, when the templates cannot be read', async () => {
    const outcome = await check(async () => {
      throw new IndexerError('indexer_unreachable', 'The indexer cannot be reached.');
    });
    expect(outcome).toMatchObject({
      state: 'red',
      fix: 'Fix the Indexer check first, then retry.',
    });
  });

  it('needs no template without an indexer', async () => {
    expect((await check(async () => ({}), false)).state).toBe('green');
  });
});
