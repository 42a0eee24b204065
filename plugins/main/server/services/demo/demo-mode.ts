/**
 * Demo mode (`SVC_DEMO`): at start, the built-in managed API is started and stored as API host
 * `demo` when the setting is `true`, or `auto` with no other API host stored; `false` leaves
 * everything as it is. The host entry is written on every start because the simulator's port
 * changes each time; its password is encrypted like any host's. The simulator stops with the
 * plugin, or as soon as the demo host is removed in Settings (nothing could reach it any more).
 */
import type { Logger } from '@host/server/types';
import type { SvcConfig } from '../../config';
import type { ApiHostStore } from '../api-hosts/api-host-store';
import { ApiHostConflictError } from '../api-hosts/errors';
import type { SampleStatesSource } from '../alerts/sample-data';

export const DEMO_HOST_ID = 'demo';

/** A running managed API for demo mode and the run_as-capable user the dashboard logs in with. */
export interface DemoManagedApi {
  /** `http://127.0.0.1:<port>` */
  url: string;
  credentials: { username: string; password: string };
  /** The agents' inventory and vulnerabilities as the simulator's syscollector routes answer them. */
  states?: SampleStatesSource;
  stop(): Promise<void>;
}

type DemoHostStore = Pick<
  ApiHostStore,
  'list' | 'get' | 'create' | 'update' | 'delete' | 'onChange'
>;

export interface DemoModeOptions {
  /** `svc.demo` (`SVC_DEMO`). */
  setting: SvcConfig['demo'];
  hosts: DemoHostStore;
  startManagedApi: () => Promise<DemoManagedApi>;
  logger: Logger;
}

export interface DemoModeOutcome {
  running: boolean;
  /** One line for the start-up block. */
  notice: string;
}

export class DemoMode {
  private api?: DemoManagedApi;
  private unsubscribe?: () => void;

  constructor(private readonly options: DemoModeOptions) {}

  /** Where the demo's sample states come from while the demo's managed API runs. */
  get states(): SampleStatesSource | undefined {
    return this.api?.states;
  }

  async start(): Promise<DemoModeOutcome> {
    const offReason = await this.offReason();
    if (offReason) return { running: false, notice: `Demo mode: off (${offReason})` };
    const api = await this.options.startManagedApi();
    try {
      await this.storeHost(api);
    } catch (error) {
      await api.stop();
      throw error;
    }
    this.api = api;
    this.unsubscribe = this.options.hosts.onChange((change) => {
      if (change.kind !== 'deleted' || change.id !== DEMO_HOST_ID) return;
      this.stopManagedApi('the demo host was removed').catch((error: unknown) =>
        this.options.logger.warn(
          `Demo mode: the built-in managed API did not stop cleanly: ${(error as Error).message}`,
        ),
      );
    });
    this.options.logger.info(
      `Demo mode: the built-in managed API runs at ${api.url} and is stored as API host [${DEMO_HOST_ID}].`,
    );
    return {
      running: true,
      notice: `Demo mode: on — built-in managed API at ${api.url} stored as host "${DEMO_HOST_ID}"`,
    };
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.stopManagedApi('the dashboard is stopping');
  }

  /** Why demo mode does not run, or undefined when it does. */
  private async offReason(): Promise<string | undefined> {
    const { setting, hosts, logger } = this.options;
    if (setting === false) return 'SVC_DEMO=false';
    const stored = await hosts.list();
    const demoHost = stored.find((host) => host.id === DEMO_HOST_ID);
    if (demoHost && !demoHost.demo) {
      logger.warn(
        `Demo mode is off: API host [${DEMO_HOST_ID}] exists and is not the demo host; rename or remove it to use demo mode.`,
      );
      return `API host "${DEMO_HOST_ID}" is a host of yours`;
    }
    if (setting === true || stored.every((host) => host.demo)) return undefined;
    if (demoHost) {
      // Its simulator ran in an earlier start; the entry would only point at a closed port now.
      await hosts.delete(DEMO_HOST_ID);
      logger.info(
        `Demo mode is off because other API hosts are stored; the demo host [${DEMO_HOST_ID}] was removed.`,
      );
    }
    return 'API hosts are stored; SVC_DEMO=true starts it anyway';
  }

  private async storeHost(api: DemoManagedApi): Promise<void> {
    const { protocol, hostname, port } = new URL(api.url);
    const entry = {
      url: `${protocol}//${hostname}`,
      port: Number(port),
      ...api.credentials,
      run_as: true,
      tls_verify: true,
    };
    const { hosts } = this.options;
    if (await hosts.get(DEMO_HOST_ID)) {
      await hosts.update(DEMO_HOST_ID, entry);
      return;
    }
    try {
      await hosts.create({ id: DEMO_HOST_ID, ...entry }, { demo: true });
    } catch (error) {
      // Another dashboard instance on the same database stored it a moment ago.
      if (!(error instanceof ApiHostConflictError)) throw error;
      await hosts.update(DEMO_HOST_ID, entry);
    }
  }

  private async stopManagedApi(why: string): Promise<void> {
    const api = this.api;
    if (!api) return;
    this.api = undefined;
    await api.stop();
    this.options.logger.info(`Demo mode: the built-in managed API stopped (${why}).`);
  }
}
