/**
 * Runs the UI plugins the page lists: loads their bundles, calls each initializer, then `setup` and
 * `start` in the server's dependency order, handing each plugin its dependencies' contracts by id.
 */
import type { InjectedUiPlugin } from '../../common/injected-metadata';
import type { CoreSetup, CoreStart, Plugin, PluginInitializerContext } from '../types';
import { readPluginInitializer } from './plugin-reader';

const PHASE_TIMEOUT_MS = 30_000;

export interface PluginsServiceDeps {
  plugins: InjectedUiPlugin[];
  env: PluginInitializerContext['env'];
  /** Loads one bundle (a module script that registers its plugin); `import()` in the browser. */
  loadBundle(url: string): Promise<unknown>;
}

interface RunningPlugin {
  meta: InjectedUiPlugin;
  instance: Plugin<unknown, unknown>;
}

type CoreSetupWithoutStartServices = Omit<CoreSetup, 'getStartServices'>;

export class PluginsService {
  private readonly running: RunningPlugin[] = [];
  private readonly setupContracts = new Map<string, unknown>();
  private readonly startContracts = new Map<string, unknown>();
  private resolveStarted!: (core: CoreStart) => void;
  private readonly started = new Promise<CoreStart>((resolve) => {
    this.resolveStarted = resolve;
  });

  constructor(private readonly deps: PluginsServiceDeps) {}

  /** Loads every bundle, then creates each plugin instance in order. */
  async initialize(): Promise<void> {
    const loads = await Promise.allSettled(
      this.deps.plugins.map((plugin) => this.deps.loadBundle(plugin.bundleUrl)),
    );
    loads.forEach((load, index) => {
      if (load.status === 'rejected')
        console.error(
          `Bundle of plugin "${this.deps.plugins[index].id}" failed to load`,
          load.reason,
        );
    });
    for (const meta of this.deps.plugins) {
      const initializer = readPluginInitializer(meta.id);
      const instance = initializer({
        opaqueId: Symbol(meta.id),
        env: this.deps.env,
        config: { get: () => meta.config },
      });
      for (const phase of ['setup', 'start'] as const) {
        if (typeof instance?.[phase] !== 'function')
          throw new Error(`Instance of plugin "${meta.id}" does not define "${phase}" function.`);
      }
      this.running.push({ meta, instance });
    }
  }

  async setup(core: CoreSetupWithoutStartServices): Promise<void> {
    for (const { meta, instance } of this.running) {
      const getStartServices: CoreSetup['getStartServices'] = () =>
        this.started.then(
          (coreStart) =>
            [
              coreStart,
              this.dependencyContracts(meta, this.startContracts),
              this.startContracts.get(meta.id),
            ] as [CoreStart, object, unknown],
        );
      const contract = await withTimeout(
        instance.setup(
          { ...core, getStartServices },
          this.dependencyContracts(meta, this.setupContracts),
        ),
        `Setup lifecycle of "${meta.id}" plugin`,
      );
      this.setupContracts.set(meta.id, contract);
    }
  }

  async start(core: CoreStart): Promise<void> {
    for (const { meta, instance } of this.running) {
      const contract = await withTimeout(
        instance.start(core, this.dependencyContracts(meta, this.startContracts)),
        `Start lifecycle of "${meta.id}" plugin`,
      );
      this.startContracts.set(meta.id, contract);
    }
    this.resolveStarted(core);
  }

  stop(): void {
    for (const { instance } of [...this.running].reverse()) instance.stop?.();
  }

  /** Contracts of the plugin's required and optional dependencies that exist, by id. */
  private dependencyContracts(
    meta: InjectedUiPlugin,
    contracts: Map<string, unknown>,
  ): Record<string, unknown> {
    return Object.fromEntries(
      [...meta.requiredPlugins, ...meta.optionalPlugins]
        .filter((id) => contracts.has(id))
        .map((id) => [id, contracts.get(id)]),
    );
  }
}

async function withTimeout<T>(value: T | Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} wasn't completed in ${PHASE_TIMEOUT_MS / 1000}sec.`)),
      PHASE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([value, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
