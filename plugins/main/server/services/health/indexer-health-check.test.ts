import type { IndexerStatus } from '../../../common/alerts/api';
import { indexerHealthCheck } from './indexer-health-check';

const base: IndexerStatus = {
  configured: true,
  demo: false,
  reachable: true,
  hosts: ['https://indexer:9200'],
  version: '2.19.1',
  clusterHealth: 'green',
  alertsIndexPattern: 'wazuh-alerts-*',
};

const outcome = (status: IndexerStatus) =>
  indexerHealthCheck(async () => status).run({ refresh: false });

describe('indexer health check', () => {
  it('is green without an indexer, saying how to connect one', async () => {
    expect(
      await outcome({ ...base, configured: false, reachable: false, hosts: [] }),
    ).toMatchObject({
      state: 'green',
      message: expect.stringContaining('SVC_INDEXER_URL'),
    });
  });

  it('is green when the indexer answers, a one-node yellow cluster included', async () => {
    expect(await outcome(base)).toMatchObject({
      state: 'green',
      message:
        'The indexer (https://indexer:9200) answers: OpenSearch 2.19.1, cluster health green.',
    });
    expect((await outcome({ ...base, clusterHealth: 'yellow' })).state).toBe('green');
  });

  it('is yellow when the cluster is red, red when the indexer cannot be read', async () => {
    expect((await outcome({ ...base, clusterHealth: 'red' })).state).toBe('yellow');
    expect(
      await outcome({
        ...base,
        reachable: false,
        error: {
          code: 'indexer_unreachable',
          message: 'The indexer cannot be reached: ECONNREFUSED',
        },
      }),
    ).toMatchObject({
      state: 'red',
      message:
        'The indexer (https://indexer:9200) cannot be read: The indexer cannot be reached: ECONNREFUSED',
    });
  });

  it("names the demo's stand-in", async () => {
    expect((await outcome({ ...base, demo: true })).message).toMatch(
      /^The demo's indexer stand-in answers/,
    );
  });
});
