/** What `registerRendering` needs from the host: the HTTP service, the UI plugins and where the bundles are. */
import type { IBasePath, IRouter } from '../types';

/** A UI plugin in the server's dependency order, with its `exposeToBrowser` config. */
export interface UiPluginInfo {
  id: string;
  requiredPlugins: readonly string[];
  optionalPlugins: readonly string[];
  /** The plugin's validated config restricted to the keys its `exposeToBrowser` lists. */
  browserConfig: Record<string, unknown>;
}

/** The part of the host's internal HTTP setup (`InternalHttpServiceSetup`) the rendering uses. */
export interface RenderingHttpSetup {
  createRouter(owner: symbol): IRouter;
  registerStaticAssets(options: {
    path: string;
    dir: string;
    isImmutable?: (relativePath: string) => boolean;
  }): void;
  basePath: IBasePath;
}

export interface RenderingOptions {
  /** Owner of the page routes (the host's core owner). */
  owner: symbol;
  /** The dashboard's version, shown to plugins as `core.version` and `packageInfo.version`. */
  version: string;
  mode: 'development' | 'production';
  /** UI plugins, topologically ordered; read when a page is rendered. */
  getUiPlugins(): readonly UiPluginInfo[];
  /** `build/public`: the output of `scripts/build-browser.js`. */
  publicDir: string;
}
