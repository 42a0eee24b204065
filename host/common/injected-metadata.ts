/**
 * What the server writes into every page as a JSON data block (`<script type="application/json"
 * id="osd-injected-metadata">`): the server's rendering writes it, the shell reads it.
 */

export const INJECTED_METADATA_ELEMENT_ID = 'osd-injected-metadata';
/** The element the shell renders into. */
export const ROOT_ELEMENT_ID = 'osd-root';

/** A UI plugin as the page lists it: topologically ordered, dependencies restricted to UI plugins. */
export interface InjectedUiPlugin {
  id: string;
  requiredPlugins: string[];
  optionalPlugins: string[];
  /** The subset of the plugin's server config picked by `exposeToBrowser`. */
  config: Record<string, unknown>;
  /** URL of the plugin's entry bundle (base path included). */
  bundleUrl: string;
}

export interface InjectedMetadata {
  /** `login` shows the login form; `app` boots the plugins and the app the URL names. */
  page: 'login' | 'app';
  version: string;
  /** `SVC_BASE_PATH`, '' when the dashboard is served at the root. */
  basePath: string;
  mode: 'development' | 'production';
  uiPlugins: InjectedUiPlugin[];
}
