/**
 * Runs the server lifecycle of the enabled plugins: setup in dependency order, start in the same order,
 * stop in reverse. Each phase of each plugin has a time limit, and each plugin receives its
 * dependencies' contracts by id.
 */
import type { CoreStart, Logger } from '../types';
import { PluginLifecycleError } from '../errors';
import { dependenciesOf, sortTopologically } from './ordering';
import type { PluginWrapper } from './plugin';

const DEFAULT_LIFECYCLE_TIMEOUT_MS = 30_000;

type Phase = 'Setup' | 'Start';

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}sec`;
}

async function withTimeout<T>(
  work: () => T | Promise<T>,
  ms: number,
  onTimeout: () => Error,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(work), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class PluginsSystem {
  private readonly order: PluginWrapper[];
  private readonly setupContracts = new Map<string, unknown>();
  private readonly startContracts = new Map<string, unknown>();
  private readonly ids: Set<string>;

  /** `plugins` are the enabled ones; ordering throws on cycles and missing required plugins. */
  constructor(
    plugins: readonly PluginWrapper[],
    private readonly logger: Logger,
    private readonly timeoutMs = DEFAULT_LIFECYCLE_TIMEOUT_MS,
  ) {
    const byId = new Map(plugins.map((plugin) => [plugin.id, plugin]));
    this.order = sortTopologically(plugins.map((plugin) => plugin.manifest)).map((id) =>
      byId.get(id)!,
    );
    this.ids = new Set(byId.keys());
  }

  /** Every enabled plugin, dependencies first. */
  get sorted(): readonly PluginWrapper[] {
    return this.order;
  }

  dependencyIds(plugin: PluginWrapper): string[] {
    return dependenciesOf(plugin.manifest, this.ids);
  }

  private serverPlugins(): PluginWrapper[] {
    return this.order.filter((plugin) => plugin.manifest.server);
  }

  /** Contracts of a plugin's dependencies that have a server part, keyed by id. */
  private dependencyContracts(
    plugin: PluginWrapper,
    contracts: Map<string, unknown>,
  ): Record<string, unknown> {
    const deps: Record<string, unknown> = {};
    for (const id of this.dependencyIds(plugin))
      if (contracts.has(id)) deps[id] = contracts.get(id);
    return deps;
  }

  private async runPhase(
    phase: Phase,
    plugin: PluginWrapper,
    work: () => unknown,
  ): Promise<unknown> {
    this.logger.debug(`${phase} of plugin "${plugin.id}"`);
    try {
      return await withTimeout(
        work,
        this.timeoutMs,
        () =>
          new PluginLifecycleError(
            plugin.id,
            `${phase} lifecycle of "${plugin.id}" plugin wasn't completed in ${seconds(this.timeoutMs)}. Consider disabling the plugin and re-start.`,
          ),
      );
    } catch (error) {
      if (error instanceof PluginLifecycleError) throw error;
      throw new PluginLifecycleError(
        plugin.id,
        `${phase} of plugin "${plugin.id}" failed: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  async setup(
    setupPlugin: (plugin: PluginWrapper, deps: Record<string, unknown>) => unknown,
  ): Promise<Map<string, unknown>> {
    for (const plugin of this.serverPlugins()) {
      const deps = this.dependencyContracts(plugin, this.setupContracts);
      const contract = await this.runPhase('Setup', plugin, () => setupPlugin(plugin, deps));
      plugin.state = 'set up';
      this.setupContracts.set(plugin.id, contract);
    }
    return this.setupContracts;
  }

  async start(core: CoreStart): Promise<Map<string, unknown>> {
    for (const plugin of this.serverPlugins()) {
      const deps = this.dependencyContracts(plugin, this.startContracts);
      const contract = await this.runPhase('Start', plugin, () => plugin.start(core, deps));
      this.startContracts.set(plugin.id, contract);
      plugin.markStarted(core, deps, contract);
    }
    return this.startContracts;
  }

  /** Stops every plugin that was set up, in reverse order; a failing stop is logged, the others still run. */
  async stop(): Promise<void> {
    const setUp = this.serverPlugins().filter(
      (plugin) => plugin.state === 'set up' || plugin.state === 'started',
    );
    for (const plugin of setUp.reverse()) {
      try {
        await withTimeout(
          () => plugin.stop(),
          this.timeoutMs,
          () =>
            new PluginLifecycleError(
              plugin.id,
              `Stop lifecycle of "${plugin.id}" plugin wasn't completed in ${seconds(this.timeoutMs)}.`,
            ),
        );
      } catch (error) {
        this.logger.error(error as Error, { plugin: plugin.id });
      }
      plugin.state = 'stopped';
    }
  }
}
