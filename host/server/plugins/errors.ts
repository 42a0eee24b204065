/** Typed errors of plugin discovery (a snake_case `code` each) and of the plugin lifecycle. */

export type PluginDiscoveryErrorCode =
  'invalid_manifest' | 'incompatible_version' | 'duplicate_id' | 'missing_bundle';

/** One problem with one plugin folder; the message ends with the code and the manifest path. */
export class PluginDiscoveryError extends Error {
  constructor(
    readonly code: PluginDiscoveryErrorCode,
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${reason} (${code}, ${path})`);
    this.name = 'PluginDiscoveryError';
  }

  static invalidManifest(path: string, reason: string): PluginDiscoveryError {
    return new PluginDiscoveryError('invalid_manifest', path, reason);
  }

  static incompatibleVersion(path: string, reason: string): PluginDiscoveryError {
    return new PluginDiscoveryError('incompatible_version', path, reason);
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
