/** Typed errors of plugin discovery and of the plugin lifecycle. */

export type PluginDiscoveryErrorKind =
  'invalid-manifest' | 'incompatible-version' | 'duplicate-id' | 'missing-bundle';

/** One problem with one plugin folder; the message ends with the kind and the manifest path. */
export class PluginDiscoveryError extends Error {
  constructor(
    readonly kind: PluginDiscoveryErrorKind,
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${reason} (${kind}, ${path})`);
    this.name = 'PluginDiscoveryError';
  }

  static invalidManifest(path: string, reason: string): PluginDiscoveryError {
    return new PluginDiscoveryError('invalid-manifest', path, reason);
  }

  static incompatibleVersion(path: string, reason: string): PluginDiscoveryError {
    return new PluginDiscoveryError('incompatible-version', path, reason);
  }
}

/** Raised when discovery found at least one problem: every problem on its own tab-indented line. */
export class PluginsInitializationError extends Error {
  constructor(readonly errors: readonly Error[]) {
    super(`Failed to initialize plugins:${errors.map((error) => `\n\t${error.message}`).join('')}`);
    this.name = 'PluginsInitializationError';
  }
}

/** A plugin broke its contract while loading, setting up, starting or stopping. */
export class PluginLifecycleError extends Error {
  constructor(
    readonly pluginId: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PluginLifecycleError';
  }
}
