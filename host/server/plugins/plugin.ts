/**
 * One discovered plugin: its manifest, its server module (loaded with `require`, as the contract says),
 * its instance and the promise behind `getStartServices`.
 */
import { join } from 'node:path';
import { isConfigSchema } from '../../schema';
import type {
  CoreSetup,
  CoreStart,
  Plugin,
  PluginConfigDescriptor,
  PluginInitializer,
  PluginInitializerContext,
  PluginManifest,
} from '../types';
import { PluginLifecycleError } from '../errors';

export type LifecycleState = 'discovered' | 'set up' | 'started' | 'stopped';

interface ServerModule {
  initializer: PluginInitializer;
  config?: PluginConfigDescriptor;
}

export class PluginWrapper {
  readonly id: string;
  /** The plugin's identity for routers and contexts. */
  readonly opaqueId: symbol;
  state: LifecycleState = 'discovered';
  private serverModule?: ServerModule;
  private instance?: Plugin;
  private resolveStart!: (contracts: [CoreStart, object, unknown]) => void;
  /** Resolves `[coreStart, depsStart, ownStart]` once this plugin's own start returned. */
  readonly startServices: Promise<[CoreStart, object, unknown]>;

  constructor(
    readonly manifest: PluginManifest,
    /** Absolute plugin folder. */
    readonly path: string,
  ) {
    this.id = manifest.id;
    this.opaqueId = Symbol(manifest.id);
    this.startServices = new Promise((resolve) => (this.resolveStart = resolve));
  }

  /** Requires `<path>/server` and checks its exports; only for plugins with `server: true`. */
  loadServerModule(): ServerModule {
    if (this.serverModule) return this.serverModule;
    const modulePath = join(this.path, 'server');
    let exported: { plugin?: unknown; config?: unknown };
    try {
      exported = require(modulePath) as typeof exported;
    } catch (error) {
      throw new PluginLifecycleError(
        this.id,
        `Plugin "${this.id}" could not be loaded from ${modulePath}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    if (!('plugin' in exported) || exported.plugin === undefined) {
      throw new PluginLifecycleError(
        this.id,
        `Plugin "${this.id}" does not export "plugin" definition (${modulePath}).`,
      );
    }
    if (typeof exported.plugin !== 'function') {
      throw new PluginLifecycleError(
        this.id,
        `Definition of plugin "${this.id}" should be a function (${modulePath}).`,
      );
    }
    const config = exported.config as PluginConfigDescriptor | undefined;
    if (config !== undefined && !isConfigSchema(config?.schema)) {
      throw new PluginLifecycleError(
        this.id,
        `Configuration schema expected to be an instance of Type (plugin "${this.id}", ${modulePath}).`,
      );
    }
    this.serverModule = { initializer: exported.plugin as PluginInitializer, config };
    return this.serverModule;
  }

  /** Creates the instance (lazily, right before setup, as in OSD) and runs its setup. */
  setup(initializerContext: PluginInitializerContext, core: CoreSetup, deps: object): unknown {
    const instance = this.loadServerModule().initializer(initializerContext);
    if (typeof instance !== 'object' || instance === null) {
      throw new PluginLifecycleError(
        this.id,
        `Initializer for plugin "${this.id}" is expected to return plugin instance, but returned "${instance === null ? 'null' : typeof instance}".`,
      );
    }
    if (typeof instance.setup !== 'function') {
      throw new PluginLifecycleError(
        this.id,
        `Instance of plugin "${this.id}" does not define "setup" function.`,
      );
    }
    this.instance = instance;
    return instance.setup(core, deps);
  }

  start(core: CoreStart, deps: object): unknown {
    if (!this.instance)
      throw new PluginLifecycleError(
        this.id,
        `Plugin "${this.id}" can't be started since it isn't set up.`,
      );
    if (typeof this.instance.start !== 'function') {
      throw new PluginLifecycleError(
        this.id,
        `Instance of plugin "${this.id}" does not define "start" function.`,
      );
    }
    return this.instance.start(core, deps);
  }

  /** Called by the plugin system once start resolved, so `getStartServices` waiters run after it. */
  markStarted(core: CoreStart, deps: object, contract: unknown): void {
    this.state = 'started';
    this.resolveStart([core, deps, contract]);
  }

  async stop(): Promise<void> {
    await this.instance?.stop?.();
  }
}
