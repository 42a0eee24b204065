/**
 * Reports never hold the event loop, and one user never holds them all (real server over HTTP, the
 * managed-API simulator and the indexer stand-in). The printed length is raised to 30,000
 * characters here so that pdfkit's layout of one unbroken word takes seconds, as an unbounded report
 * did: laid out in a worker thread it leaves the dashboard answering meanwhile. The generation time
 * limit is raised too: on a loaded machine such a layout can take longer than the default minute.
 *
 * What is timed: `GET /api/status` answers one after another while the report is made, and the
 * event-loop delay of this process (which runs the dashboard). The median answer is asserted under
 * 100 ms, and the slowest answer and the longest delay under one second: a margin wide enough for a
 * loaded machine, far below what a layout on the loop costs (the reports bench measures the
 * figures). On a machine shared with other work (2 cores, load average near 7 when measured) the
 * scheduler alone stalls the process for up to ~250 ms now and then, whoever holds the loop; a
 * layout on the loop holds it for the whole layout, here several seconds.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ReportJob } from '../../../plugins/main/common/modules/reports';
import { startIndexer, type IndexerStandIn } from '../../../simulator/indexer';
import { eventually } from '../../support/waiting';
import type { TestClient } from '../harness';
import { startMainTestEnv, type MainTestEnv } from '../main/support';

jest.setTimeout(240_000);

const INDEXER_USER = { username: 'svc-indexer', password: 'report-limits-indexer-password' };
const lastDay = { apiHostId: 'sim', timeRange: { from: 'now-1d', to: 'now' } };
const PRINTED_CHARS = 30_000;

function alerts(now: number) {
  return Array.from({ length: 30 }, (_, n) => ({
    index: 'wazuh-alerts-4.x-2024.05.10',
    source: {
      timestamp: new Date(now - 60_000 * (n + 1)).toISOString(),
      manager: { name: 'wazuh.manager' },
      agent: { id: `00${n % 3}`, name: `agent-${n % 3}` },
      rule: { level: 5, id: '5710', description: `Alert ${n}`, groups: ['syscheck'] },
    },
  }));
}

/**
 * A report whose filter holds about `length` characters: values of 4,096 characters each (the most
 * a value may have), one unbroken word each, as many as it takes.
 */
function heavyReport(length: number) {
  const value = 'x'.repeat(4_096);
  return {
    moduleId: 'gdpr',
    selection: {
      ...lastDay,
      filters: [
        {
          type: 'is_one_of',
          field: 'rule.description',
          values: Array.from({ length: Math.ceil(length / value.length) }, () => value),
        },
      ],
    },
  };
}

function finished(client: TestClient, id: string): Promise<ReportJob> {
  return eventually(async () => {
    const job = (await client.get(`/api/reports/jobs/${id}`)).json<ReportJob>();
    return job.status !== 'running' && job;
  }, 120_000);
}

describe('report limits over HTTP', () => {
  let indexer: IndexerStandIn;
  let env: MainTestEnv;
  beforeAll(async () => {
    indexer = await startIndexer({ documents: alerts(Date.now()), users: [INDEXER_USER] });
    env = await startMainTestEnv({
      svc: {
        indexer: { hosts: [indexer.url], ...INDEXER_USER },
        reports: {
          maxConcurrentGenerations: 2,
          maxConcurrentPerUser: 1,
          maxQueuedGenerations: 8,
          maxPrintedTextChars: PRINTED_CHARS,
          generationTimeoutMs: 170_000,
        },
      },
    });
  });
  afterAll(async () => {
    await env?.stop();
    await indexer?.stop();
  });

  it('answers GET /api/status within 100 ms while a report with a filter near the body limit is made', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const started = await env.admin.post('/api/reports', { body: heavyReport(900_000) });
    expect(started.status).toBe(202);
    const job = started.json<ReportJob>();
    delay.enable();
    const statusTimes: number[] = [];
    let state: ReportJob;
    do {
      // sleep-ok: answers are timed to show the loop free, asserted with a wide margin
      const before = performance.now();
      const status = await env.dashboard.anonymous().get('/api/status');
      statusTimes.push(performance.now() - before); // sleep-ok: the answer's time, as above
      expect(status.status).toBe(200);
      state = (await env.admin.get(`/api/reports/jobs/${job.id}`)).json<ReportJob>();
    } while (state.status === 'running');
    delay.disable();
    expect(state).toMatchObject({ status: 'succeeded' });
    statusTimes.sort((a, b) => a - b);
    const median = statusTimes[Math.floor(statusTimes.length / 2)];
    console.info(
      `GET /api/status during the report: ${statusTimes.length} answers, median ${median.toFixed(1)} ms, max ${statusTimes.at(-1)!.toFixed(1)} ms; event-loop delay max ${(delay.max / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`,
    );
    // The layout took long enough to have held many answers had it run on the loop.
    expect(statusTimes.length).toBeGreaterThanOrEqual(10);
    expect(median).toBeLessThan(100);
    expect(statusTimes.at(-1)).toBeLessThan(1_000);
    expect(delay.max / 1e6).toBeLessThan(1_000);
  });

  it("serves another user's report at once while one user floods", async () => {
    await env.dashboard.addUser('flooder', 'flooder-password-1', ['user']);
    await env.dashboard.addUser('other', 'other-password-1', ['user']);
    const flooder = await env.dashboard.login('flooder', 'flooder-password-1');
    const other = await env.dashboard.login('other', 'other-password-1');

    const flood = await Promise.all(
      Array.from({ length: 8 }, () =>
        flooder.post('/api/reports', { body: heavyReport(PRINTED_CHARS) }),
      ),
    );
    const accepted = flood.filter((response) => response.status === 202);
    const refused = flood.filter((response) => response.status === 429);
    // The flooder's share: one made, one waiting; the rest refused with a time to retry.
    expect(accepted).toHaveLength(2);
    expect(refused).toHaveLength(6);
    for (const response of refused) {
      expect(response.headers['retry-after']).toBe('10');
      expect(response.json()).toMatchObject({ attributes: { code: 'report_user_busy' } });
    }
    const waiting = accepted
      .map((response) => response.json<ReportJob>())
      .find((job) => job.stage.startsWith('Waiting'));
    expect(waiting).toBeDefined();

    const served = await other.post('/api/reports', {
      body: { moduleId: 'gdpr', selection: lastDay },
    });
    expect(served.status).toBe(202);
    expect(served.json<ReportJob>().stage).toBe('Starting');
    const done = await finished(other, served.json<ReportJob>().id);
    expect(done.status).toBe('succeeded');
    // The flooder's waiting report was still waiting or being made when the other's was done.
    const flooded = (await flooder.get(`/api/reports/jobs/${waiting!.id}`)).json<ReportJob>();
    expect(flooded.status).toBe('running');
    expect((await finished(flooder, waiting!.id)).status).toBe('succeeded');
  });
});
