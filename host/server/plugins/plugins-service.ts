/**
 * The plugin service of the host: discovers plugin folders, drops disabled plugins (and those that
 * need them), loads the server modules, validates each plugin's configuration, and drives the
 * lifecycle through the plugin system.
 */
import type { CoreStart, LoggerFactory, SharedGlobalConfig } from '../types';
import { discoverPlugins } from './discovery';
import { PluginWrapper } from './plugin';
import {
  browserConfig,
  isEnabled,
  rawPluginConfig,
  renamePluginConfig,
  validatePluginConfig,
} from './plugin-config';
import {
  createInitializerContext,
  createPluginSetupContext,
  type InternalCoreSetup,
  type PluginEnv,
} from './plugin-context';
import { PluginsSystem } from './plugins-system';

export interface PluginsServiceOptions {
  /** Folder holding one sub-folder per plugin. */
  pluginsDir: string;
  /** The host's version, checked against each manifest's `opensearchDashboardsVersion`. */
  hostVersion: string;
  env: PluginEnv;
  loggers: LoggerFactory;
  /** Plugin subtrees of the host configuration, keyed by config path root. */
  pluginConfig: Record<string, unknown>;
  dataDir: string;
  encryptionKey?: string;
  /** Time limit of each plugin's setup, start and stop (default 30 s). */
  lifecycleTimeoutMs?: number;
}

/** What the browser shell needs to load the UI plugins, in dependency order. */
export interface UiPluginInfo {
  id: string;
  /** Dependencies restricted to enabled plugins with a browser part. */
  requiredPlugins: string[];
  optionalPlugins: string[];
  requiredBundles: string[];
  /** The `exposeToBrowser` part of the plugin's validated config. */
  browserConfig: Record<string, unknown>;
}

export interface PluginStatus {
  state: 'available' | 'unavailable';
  summary: string;
}

interface DiscoveredState {
  system: PluginsSystem;
  configs: Map<string, unknown>;
  browserConfigs: Map<string, Record<string, unknown>>;
}

export class PluginsService {
  private state?: DiscoveredState;
  private readonly logger;

  constructor(private readonly options: PluginsServiceOptions) {
    this.logger = options.loggers.get('plugins-service');
  }

  /** Finds, validates, loads and orders the plugins; every problem stops the start with a clear message. */
  async discover(): Promise<void> {
    const { pluginsDir, hostVersion, pluginConfig } = this.options;
    const discovered = await discoverPlugins(pluginsDir, hostVersion, (message) =>
      this.logger.warn(message),
    );
    const wrappers = discovered.map(({ manifest, path }) => new PluginWrapper(manifest, path));
    const enabled = this.dropDisabled(wrappers);
    const system = new PluginsSystem(enabled, this.logger, this.options.lifecycleTimeoutMs);
    const configs = new Map<string, unknown>();
    const browserConfigs = new Map<string, Record<string, unknown>>();
    for (const plugin of system.sorted) {
      const descriptor = plugin.manifest.server ? plugin.loadServerModule().config : undefined;
      const { raw, warnings } = renamePluginConfig(
        plugin.manifest,
        descriptor,
        rawPluginConfig(plugin.manifest, pluginConfig),
      );
      for (const warning of warnings) this.logger.warn(warning);
      const config = validatePluginConfig(plugin.manifest, descriptor, raw);
      configs.set(plugin.id, config);
      browserConfigs.set(plugin.id, browserConfig(descriptor, config));
    }
    this.state = { system, configs, browserConfigs };
    this.logger.info(
      `Plugins in start order: ${system.sorted.map((plugin) => plugin.id).join(', ') || '(none)'}`,
    );
  }

  /** Direct dependencies of each plugin by opaque id: what decides route-context visibility. */
  pluginDependencies(): Map<symbol, symbol[]> {
    const { system } = this.discovered();
    const byId = new Map(system.sorted.map((plugin) => [plugin.id, plugin.opaqueId]));
    return new Map(
      system.sorted.map((plugin) => [
        plugin.opaqueId,
        system.dependencyIds(plugin).map((id) => byId.get(id)!),
      ]),
    );
  }

  async setup(core: InternalCoreSetup): Promise<Map<string, unknown>> {
    const { system, configs } = this.discovered();
    core.http.setPluginDependencies(this.pluginDependencies());
    const { env, loggers, dataDir, encryptionKey } = this.options;
    const globalConfig: SharedGlobalConfig = Object.freeze({
      encryptionKey,
      path: Object.freeze({ data: dataDir }),
    });
    return system.setup((plugin, deps) =>
      plugin.setup(
        createInitializerContext(plugin, env, loggers, configs.get(plugin.id), globalConfig),
        createPluginSetupContext(plugin, core),
        deps,
      ),
    );
  }

  async start(core: CoreStart): Promise<Map<string, unknown>> {
    return this.discovered().system.start(core);
  }

  async stop(): Promise<void> {
    await this.state?.system.stop();
  }

  uiPlugins(): UiPluginInfo[] {
    const { system, browserConfigs } = this.discovered();
    const uiPlugins = system.sorted.filter((plugin) => plugin.manifest.ui);
    const uiIds = new Set(uiPlugins.map((plugin) => plugin.id));
    return uiPlugins.map(({ id, manifest }) => ({
      id,
      requiredPlugins: manifest.requiredPlugins.filter((dep) => uiIds.has(dep)),
      optionalPlugins: manifest.optionalPlugins.filter((dep) => uiIds.has(dep)),
      requiredBundles: [...manifest.requiredBundles],
      browserConfig: browserConfigs.get(id) ?? {},
    }));
  }

  /** Lifecycle state of each enabled server plugin, for `GET /api/status`. */
  statuses(): Record<string, PluginStatus> {
    const plugins = this.state?.system.sorted.filter((plugin) => plugin.manifest.server) ?? [];
    return Object.fromEntries(
      plugins.map((plugin) => [
        plugin.id,
        plugin.state === 'started'
          ? { state: 'available', summary: 'Started' }
          : { state: 'unavailable', summary: `Not running (${plugin.state})` },
      ]),
    );
  }

  private discovered(): DiscoveredState {
    if (!this.state) throw new Error('Plugins have not been discovered yet.');
    return this.state;
  }

  /**
   * Plugins switched off with `enabled: false` are dropped, and so is every plugin that requires one of
   * them (directly or transitively). A required plugin that does not exist at all is left for the
   * ordering step, which stops the start naming it.
   */
  private dropDisabled(plugins: PluginWrapper[]): PluginWrapper[] {
    const disabled = new Set(
      plugins
        .filter((plugin) => !isEnabled(rawPluginConfig(plugin.manifest, this.options.pluginConfig)))
        .map((plugin) => plugin.id),
    );
    for (const id of disabled) this.logger.info(`Plugin "${id}" is disabled.`);
    let changed = true;
    while (changed) {
      changed = false;
      for (const plugin of plugins) {
        if (disabled.has(plugin.id)) continue;
        const missing = plugin.manifest.requiredPlugins.filter((dep) => disabled.has(dep));
        if (missing.length === 0) continue;
        disabled.add(plugin.id);
        changed = true;
        this.logger.info(
          `Plugin "${plugin.id}" has been disabled since the following direct or transitive dependencies are missing or disabled: [${missing.join(', ')}]`,
        );
      }
    }
    return plugins.filter((plugin) => !disabled.has(plugin.id));
  }
}
