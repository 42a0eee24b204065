/**
 * Builds the metadata and asset list of a page: which UI plugins run (in dependency order, their
 * dependencies restricted to UI plugins, their browser config) and which bundle files to load.
 */
import type { InjectedMetadata, InjectedUiPlugin } from '../../common/injected-metadata';
import {
  createManifestReader,
  cssOf,
  entryFile,
  pluginEntryName,
  LOGIN_ENTRY,
  SHELL_ENTRY,
  staticImportsOf,
} from './bundle-manifest';
import { renderPage } from './page';
import type { RenderingOptions, UiPluginInfo } from './types';

/** URL prefix (under the base path) of `build/public/bundles`. */
export const BUNDLES_URL_PATH = '/bundles';
const BUNDLES_DIR_PREFIX = 'bundles/';

export class RenderingService {
  private readonly readManifest: ReturnType<typeof createManifestReader>;

  constructor(
    private readonly options: RenderingOptions,
    private readonly basePath: string,
  ) {
    this.readManifest = createManifestReader(options.publicDir);
  }

  /** The HTML of the login page or of an app page. Throws `MissingBundlesError` when the bundles are not built. */
  render(page: InjectedMetadata['page']): string {
    const manifest = this.readManifest();
    // The login page has its own light entry; app pages start the shell, which loads the plugins.
    const entry = entryFile(manifest, page === 'login' ? LOGIN_ENTRY : SHELL_ENTRY);
    const plugins = page === 'app' ? uiPluginsForBrowser(this.options.getUiPlugins()) : [];
    const pluginFiles = plugins.map((plugin) => entryFile(manifest, pluginEntryName(plugin.id)));
    const metadata: InjectedMetadata = {
      page,
      version: this.options.version,
      basePath: this.basePath,
      mode: this.options.mode,
      uiPlugins: plugins.map((plugin, index) => ({
        ...plugin,
        bundleUrl: this.url(pluginFiles[index]),
      })),
    };
    return renderPage(metadata, {
      entry: this.url(entry),
      modulePreloads: [
        ...new Set([
          ...staticImportsOf(manifest, [entry]),
          ...pluginFiles,
          ...staticImportsOf(manifest, pluginFiles),
        ]),
      ].map((file) => this.url(file)),
      stylesheets: cssOf(manifest, [entry, ...pluginFiles]).map((file) => this.url(file)),
    });
  }

  private url(file: string): string {
    const relative = file.startsWith(BUNDLES_DIR_PREFIX)
      ? file.slice(BUNDLES_DIR_PREFIX.length)
      : file;
    return `${this.basePath}${BUNDLES_URL_PATH}/${relative}`;
  }
}

/** The plugins as the browser sees them: dependencies that are not UI plugins are dropped. */
function uiPluginsForBrowser(
  plugins: readonly UiPluginInfo[],
): Array<Omit<InjectedUiPlugin, 'bundleUrl'>> {
  const ids = new Set(plugins.map((plugin) => plugin.id));
  return plugins.map((plugin) => ({
    id: plugin.id,
    requiredPlugins: plugin.requiredPlugins.filter((id) => ids.has(id)),
    optionalPlugins: plugin.optionalPlugins.filter((id) => ids.has(id)),
    config: plugin.browserConfig,
  }));
}
