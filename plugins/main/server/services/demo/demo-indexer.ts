/**
 * Demo mode's indexer: when the demo's managed API runs and no indexer is configured, the indexer
 * stand-in is started on loopback, the plugin's connection is pointed at it, every sample-data
 * category (and their vulnerability states) is added for the demo manager's agents over the last 7 days (through the protocol, as
 * an admin would from Settings), and a few new alerts arrive every minute so the Overview is alive.
 * The alerts are added after the dashboard is up (a few seconds), so they do not delay its start.
 */
import type { Logger, OpenSearchClientConfig, OpenSearchServiceStart } from '@host/server/types';
import { SAMPLE_DATA_CATEGORIES } from '../../../common/alerts/api';
import type { IndexerConnection } from '../alerts/indexer';
import {
  liveAlert,
  SampleRandom,
  SAMPLE_INDEX_PREFIX,
  type SampleDataService,
  type SampleTarget,
} from '../alerts/sample-data';
import type { DemoIndexerStandIn } from './built-in-indexer';
import { credentialSecrets } from '../managed-api/secret-scrubber';

/** Time between two rounds of live alerts, and the most alerts one round adds (1 to this). */
const LIVE_EVERY_MS = 20_000;
const LIVE_MAX_PER_ROUND = 2;

/** Stops a repeating timer. */
type Cancel = () => void;

export interface DemoIndexerOptions {
  startStandIn: () => Promise<DemoIndexerStandIn>;
  opensearch: OpenSearchServiceStart;
  connection: IndexerConnection;
  sampleData: SampleDataService;
  /** The demo manager's agents and name, as its managed API gives them. */
  target: () => Promise<SampleTarget>;
  requestTimeoutMs: number;
  maxResponseBytes: number;
  logger: Logger;
  now?: () => number;
  /** Runs `tick` every `ms` until cancelled (default: an unref'd interval). */
  every?: (ms: number, tick: () => void) => Cancel;
  seed?: number;
}

function unrefInterval(ms: number, tick: () => void): Cancel {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
}

/** `wazuh-alerts-4.x-2026.03.10`: the daily index a Wazuh manager writes alerts to. */
function dailyIndex(time: number): string {
  return `${SAMPLE_INDEX_PREFIX}${new Date(time).toISOString().slice(0, 10).replaceAll('-', '.')}`;
}

export class DemoIndexer {
  private standIn?: DemoIndexerStandIn;
  private cancelLive?: Cancel;
  private liveRound?: Promise<void>;
  private readonly stopping = new AbortController();
  /** Settles once the sample alerts are in (or adding them failed, which is logged). */
  ready: Promise<void> = Promise.resolve();

  constructor(private readonly options: DemoIndexerOptions) {}

  /**
   * Starts the stand-in and points the connection at it; then, in the background, adds the sample
   * alerts and starts the live ones. Resolves with the start-up notice.
   */
  async start(): Promise<string> {
    const { options } = this;
    const standIn = await options.startStandIn();
    this.standIn = standIn;
    const config: OpenSearchClientConfig = {
      hosts: [standIn.url],
      ...standIn.credentials,
      verificationMode: 'full',
      requestTimeoutMs: options.requestTimeoutMs,
      maxResponseBytes: options.maxResponseBytes,
    };
    const client = options.opensearch.createClient(config);
    options.connection.connect({
      client,
      hosts: [standIn.url],
      demo: true,
      secrets: credentialSecrets(standIn.credentials.username, standIn.credentials.password),
      requestTimeoutMs: options.requestTimeoutMs,
      nodeStates: () => options.opensearch.nodeStates(client),
    });
    this.ready = this.fill(standIn.url).catch((error: unknown) => {
      if (!this.stopping.signal.aborted)
        options.logger.warn(
          `Demo mode: sample alerts could not be added to the indexer stand-in: ${(error as Error).message}`,
        );
    });
    return `Demo mode: on — indexer stand-in at ${standIn.url} with sample alerts of the last 7 days`;
  }

  private async fill(url: string): Promise<void> {
    const { options } = this;
    const { signal } = this.stopping;
    const target = await options.target();
    let added = 0;
    for (const { id } of SAMPLE_DATA_CATEGORIES)
      added += (await options.sampleData.add(id, target, signal)).count;
    signal.throwIfAborted();
    this.startLive(target);
    options.logger.info(
      `Demo mode: the indexer stand-in runs at ${url} with ${added} sample documents (alerts of the last 7 days, the agents' inventory and vulnerabilities) for ${target.agents.length} agents of manager [${target.manager}]; new alerts arrive every ${LIVE_EVERY_MS / 1000} s.`,
    );
  }

  private startLive(target: SampleTarget): void {
    const { options } = this;
    const now = options.now ?? Date.now;
    const random = new SampleRandom(options.seed ?? now());
    const every = options.every ?? unrefInterval;
    this.cancelLive = every(LIVE_EVERY_MS, () => {
      // One round at a time: a slow round is not overlapped by the next.
      if (this.liveRound) return;
      const time = now();
      const alerts = Array.from({ length: random.int(1, LIVE_MAX_PER_ROUND) }, () =>
        liveAlert(random, time, target),
      );
      this.liveRound = options.sampleData
        .write(dailyIndex(time), alerts)
        .catch((error: unknown) =>
          options.logger.warn(`Demo mode: live alerts were not added: ${(error as Error).message}`),
        )
        .finally(() => {
          this.liveRound = undefined;
        });
    });
  }

  /** The round of live alerts under way, if any (tests wait for it). */
  get pending(): Promise<void> | undefined {
    return this.liveRound;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.ready;
    this.cancelLive?.();
    this.cancelLive = undefined;
    await this.liveRound;
    const standIn = this.standIn;
    this.standIn = undefined;
    await standIn?.stop();
  }
}
