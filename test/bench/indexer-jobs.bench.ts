/**
 * The statistics and monitoring jobs, run in this process as the dashboard runs them, against
 * simulators and the indexer stand-in in child processes, so this process's CPU and memory are the
 * dashboard's share alone.
 *
 * - Statistics: 3 API hosts, each the master of a 3-node cluster; bulk requests per run (target 1)
 *   and the dashboard's CPU per run (target: ≤ 50 ms on average; median and largest run printed too).
 * - Monitoring: one API host with 100,000 agents; the largest bulk request (target ≤ 5 MB), the
 *   resident memory the run adds (target ≤ 100 MB) and how long it takes (target ≤ 30 s).
 */
import { performance } from 'node:perf_hooks';
import { Client } from '@opensearch-project/opensearch';
import type { Logger } from '../../host/server/types';
import type { IndexerJobRun } from '../../plugins/main/common/indexer-jobs';
import { IndexerConnection } from '../../plugins/main/server/services/alerts/indexer';
import { readManagerPin } from '../../plugins/main/server/services/alerts/scope/manager-pin';
import type { IndexerJobDeps } from '../../plugins/main/server/services/indexer-jobs/indexer-job';
import type { IndexerJobRuns } from '../../plugins/main/server/services/indexer-jobs/job-runs';
import { runMonitoringJob } from '../../plugins/main/server/services/indexer-jobs/monitoring-job';
import { runStatisticsJob } from '../../plugins/main/server/services/indexer-jobs/statistics-job';
import { simulatorRequester } from '../../plugins/main/server/services/indexer-jobs/test-support';
import { spawnSimulator, type ChildServer } from '../integration/main/processes';
import type { BenchResult } from './run';
import { mb, spawnAlertsIndexer } from './support';

export const name = 'Indexer jobs: statistics over 3 clusters, monitoring of 100,000 agents';

const STATISTICS_HOSTS = 3;
const STATISTICS_RUNS = 20;
const WARM_UP_RUNS = 3;
const STATISTICS_CPU_TARGET_MS = 50;
const MONITORING_AGENTS = 100_000;
/** The default of `svc.jobs.monitoring.pageSize`. */
const MONITORING_PAGE_SIZE = 2_500;
const MAX_BULK_BYTES = 5 * 1024 * 1024;
const RSS_TARGET_BYTES = 100 * 1024 * 1024;
const DURATION_TARGET_MS = 30_000;
const RSS_SAMPLE_MS = 50;

/** The stand-in's connection, with the size of every `_bulk` body it sends noted. */
function indexerConnection(
  url: string,
  bulkBytes: number[],
): { connection: IndexerConnection; client: Client } {
  const client = new Client({ node: url, auth: { username: 'admin', password: 'admin' } });
  const bulk = client.bulk.bind(client) as (params: { body: unknown }) => Promise<unknown>;
  (client as unknown as { bulk: typeof bulk }).bulk = (params) => {
    bulkBytes.push(Buffer.byteLength(String(params.body)));
    return bulk(params);
  };
  const connection = new IndexerConnection('wazuh-alerts-*');
  connection.connect({
    client,
    hosts: [url],
    demo: false,
    secrets: ['admin'],
    requestTimeoutMs: 30_000,
    nodeStates: () => [],
  });
  return { connection, client };
}

function jobDeps(urls: Record<string, string>, connection: IndexerConnection): IndexerJobDeps {
  const requester = simulatorRequester(urls);
  return {
    apiHostIds: async () => Object.keys(urls),
    requester,
    managerPin: (apiHostId) => readManagerPin(requester, apiHostId),
    connection,
    runs: { record: async () => undefined } as unknown as IndexerJobRuns,
    logger: { warn: console.warn, debug: () => undefined } as unknown as Logger,
    maxBulkBytes: MAX_BULK_BYTES,
  };
}

function failedRun(run: IndexerJobRun): Error | undefined {
  return run.errors.length > 0
    ? new Error(`${run.job} run failed: ${run.errors.join('; ')}`)
    : undefined;
}

async function statistics(indexerUrl: string): Promise<BenchResult> {
  const simulators: ChildServer[] = [];
  const bulkBytes: number[] = [];
  const { connection, client } = indexerConnection(indexerUrl, bulkBytes);
  try {
    const urls: Record<string, string> = {};
    for (let host = 0; host < STATISTICS_HOSTS; host++) {
      const simulator = await spawnSimulator({ agents: 10, cluster: true });
      simulators.push(simulator);
      urls[`cluster-${host}`] = simulator.url;
    }
    const deps = jobDeps(urls, connection);
    // The first runs log in, put the template and warm the code up; the figures are of the runs after.
    for (let run = 0; run < WARM_UP_RUNS; run++) {
      const error = failedRun(await runStatisticsJob(deps));
      if (error) throw error;
    }
    bulkBytes.length = 0;
    const cpuMs: number[] = [];
    let documents = 0;
    for (let run = 0; run < STATISTICS_RUNS; run++) {
      const before = process.cpuUsage();
      const outcome = await runStatisticsJob(deps);
      const used = process.cpuUsage(before);
      cpuMs.push((used.user + used.system) / 1000);
      const error = failedRun(outcome);
      if (error) throw error;
      documents = outcome.documents;
    }
    const bulksPerRun = bulkBytes.length / STATISTICS_RUNS;
    const meanCpu = cpuMs.reduce((sum, value) => sum + value, 0) / cpuMs.length;
    const medianCpu = [...cpuMs].sort((a, b) => a - b)[Math.floor(cpuMs.length / 2)];
    const maxCpu = Math.max(...cpuMs);
    return {
      title: `statistics job, ${STATISTICS_HOSTS} API hosts × 3 nodes, ${STATISTICS_RUNS} runs`,
      figures: [
        ['documents per run', String(documents)],
        ['bulk requests per run', bulksPerRun.toFixed(2)],
        ['bulk body per run', `${(bulkBytes[0] / 1024).toFixed(1)} KB`],
        ['dashboard CPU per run, mean', `${meanCpu.toFixed(1)} ms`],
        ['dashboard CPU per run, median', `${medianCpu.toFixed(1)} ms`],
        ['dashboard CPU per run, max', `${maxCpu.toFixed(1)} ms`],
      ],
      target: {
        text: `one bulk request per run, dashboard CPU ≤ ${STATISTICS_CPU_TARGET_MS} ms per run (mean)`,
        met: bulksPerRun === 1 && meanCpu <= STATISTICS_CPU_TARGET_MS,
      },
    };
  } finally {
    await client.close();
    await Promise.all(simulators.map((simulator) => simulator.stop()));
  }
}

async function monitoring(indexerUrl: string): Promise<BenchResult> {
  const simulator = await spawnSimulator({ agents: MONITORING_AGENTS });
  const bulkBytes: number[] = [];
  const { connection, client } = indexerConnection(indexerUrl, bulkBytes);
  try {
    const deps = {
      ...jobDeps({ fleet: simulator.url }, connection),
      pageSize: MONITORING_PAGE_SIZE,
    };
    global.gc?.();
    const rssBefore = process.memoryUsage.rss();
    let peakRss = rssBefore;
    // sleep-ok: samples the resident memory while the run goes on; it decides nothing by itself
    const sampler = setInterval(
      () => (peakRss = Math.max(peakRss, process.memoryUsage.rss())),
      RSS_SAMPLE_MS,
    );
    const started = performance.now(); // sleep-ok: the run's duration is the figure measured
    let run: IndexerJobRun;
    try {
      run = await runMonitoringJob(deps);
    } finally {
      clearInterval(sampler);
    }
    const durationMs = performance.now() - started; // sleep-ok: the run's duration is the figure measured
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    const error = failedRun(run);
    if (error) throw error;
    const largestBulk = Math.max(...bulkBytes);
    const addedRss = peakRss - rssBefore;
    return {
      title: `monitoring job, ${MONITORING_AGENTS.toLocaleString('en-US')} agents, pages of ${MONITORING_PAGE_SIZE.toLocaleString('en-US')}`,
      figures: [
        ['documents', run.documents.toLocaleString('en-US')],
        ['bulk requests', String(bulkBytes.length)],
        ['largest bulk request', mb(largestBulk)],
        ['RSS added (peak − before)', mb(addedRss)],
        ['duration', `${(durationMs / 1000).toFixed(1)} s`],
      ],
      target: {
        text: 'bulk requests ≤ 5 MB, RSS added ≤ 100 MB, done ≤ 30 s',
        met:
          run.documents === MONITORING_AGENTS &&
          largestBulk <= MAX_BULK_BYTES &&
          addedRss <= RSS_TARGET_BYTES &&
          durationMs <= DURATION_TARGET_MS,
      },
    };
  } finally {
    await client.close();
    await simulator.stop();
  }
}

export async function run(): Promise<BenchResult[]> {
  const { indexer } = await spawnAlertsIndexer(0);
  try {
    return [await statistics(indexer.url), await monitoring(indexer.url)];
  } finally {
    await indexer.stop();
  }
}
