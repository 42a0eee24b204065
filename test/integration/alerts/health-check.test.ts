/**
 * The health check against the managed-API simulator and the indexer stand-in: each failing check
 * says its cause and its fix (API version mismatch, template missing, indexer down), a setting
 * relaxes the version check, and running it records the version for every instance.
 */
import { call } from '../../../simulator/indexer/testing';
import type { HealthCheckResult, HealthReport } from '../../../plugins/main/common/health';
import { INDEXER_OPS_USER, startIndexerTestEnv, type IndexerTestEnv } from './indexer-support';

jest.setTimeout(120_000);

const OPS = `Basic ${Buffer.from(`${INDEXER_OPS_USER.username}:${INDEXER_OPS_USER.password}`).toString('base64')}`;

describe('health check', () => {
  let env: IndexerTestEnv;
  let indexerStopped = false;

  beforeAll(async () => {
    // A manager of the previous minor release: the version check must fail.
    env = await startIndexerTestEnv({ simulator: { apiVersion: '4.13.2' } });
  });
  afterAll(async () => {
    if (!indexerStopped) return env?.stop();
    await env.dashboard.stop();
    await env.simulator.stop();
  });

  async function run(): Promise<Map<string, HealthCheckResult>> {
    const answer = await env.admin.get('/api/health-check', { query: { refresh: true } });
    expect(answer.status).toBe(200);
    return new Map(answer.json<HealthReport>().checks.map((check) => [check.id, check]));
  }

  it('is due before the first run and not after, for every user', async () => {
    expect((await env.user.get('/api/health-check/due')).json()).toMatchObject({ due: true });
    await run();
    await env.user.post('/api/health-check/due');
    expect((await env.admin.get('/api/health-check/due')).json()).toMatchObject({
      due: false,
      lastCheckedVersion: expect.any(String),
    });
  });

  it('names an API version mismatch with its fix, and follows the setting that relaxes it', async () => {
    const checks = await run();
    expect(checks.get('api')?.state).toBe('green');
    expect(checks.get('api-version')).toMatchObject({
      state: 'red',
      message: 'API version mismatch: sim runs 4.13.2, the dashboard needs 4.14.x.',
      fix: expect.stringContaining('API version compatibility'),
    });

    const { version } = (await env.admin.get('/api/app-settings')).json<{ version?: string }>();
    await env.admin.put('/api/app-settings', {
      body: { values: { 'healthCheck.apiVersionMatch': 'major' }, version },
    });
    expect((await run()).get('api-version')?.state).toBe('green');
  });

  it('names a missing alerts template with its fix, and is green again once it is back', async () => {
    expect((await run()).get('index-template')?.state).toBe('green');
    const template = await call(env.indexer, 'GET', '/_template/wazuh', undefined, OPS);
    await call(env.indexer, 'DELETE', '/_template/wazuh', undefined, OPS);
    expect((await run()).get('index-template')).toMatchObject({
      state: 'red',
      message: expect.stringContaining('No index template applies to [wazuh-alerts-*]'),
      fix: expect.stringContaining('PUT _template/wazuh'),
    });
    await call(env.indexer, 'PUT', '/_template/wazuh', template.json.wazuh, OPS);
    expect((await run()).get('index-template')?.state).toBe('green');
  });

  it('finds the statistics and monitoring patterns made at start, with their fields', async () => {
    const checks = await run();
    for (const [id, pattern] of [
      ['statistics-pattern', 'wazuh-statistics-*'],
      ['monitoring-pattern', 'wazuh-monitoring-*'],
    ])
      expect(checks.get(id)).toMatchObject({
        state: 'green',
        message: expect.stringMatching(
          new RegExp(`^Index pattern \\[${pattern.replace('*', '\\*')}\\] exists with \\d+ fields`),
        ),
      });
    expect(checks.get('index-pattern')?.state).toBe('green');
  });

  it('names the indexer being down, for the indexer and the template checks', async () => {
    await env.indexer.stop();
    indexerStopped = true;
    const checks = await run();
    expect(checks.get('indexer')).toMatchObject({
      state: 'red',
      message: expect.stringContaining('cannot be read'),
      fix: expect.any(String),
    });
    expect(checks.get('index-template')).toMatchObject({
      state: 'red',
      fix: 'Fix the Indexer check first, then retry.',
    });
  });
});
