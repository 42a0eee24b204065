/**
 * Reads and validates `opensearch_dashboards.json` the way OpenSearch Dashboards does: unknown keys are
 * an error, defaults are filled in, and every message names the plugin and the offending field.
 */
import { readFile } from 'node:fs/promises';
import semver from 'semver';
import type { PluginManifest } from '../types';
import { PluginDiscoveryError } from '../errors';

export const MANIFEST_FILE_NAME = 'opensearch_dashboards.json';

/** Manifest value meaning "works with any host version". */
const ANY_HOST_VERSION = 'opensearchDashboards';

const KNOWN_KEYS = new Set([
  'id',
  'version',
  'opensearchDashboardsVersion',
  'configPath',
  'requiredPlugins',
  'optionalPlugins',
  'requiredBundles',
  'server',
  'ui',
  'extraPublicDirs',
  'requiredEnginePlugins',
  'supportedOSDataSourceVersions',
  'requiredOSDataSourcePlugins',
]);

const STRING_ARRAY_KEYS = [
  'requiredPlugins',
  'optionalPlugins',
  'requiredBundles',
  'requiredOSDataSourcePlugins',
] as const;

/** `svcCheckUpdates` → `svc_check_updates`: the default config root of a plugin. */
export function toSnakeCase(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCompatible(manifestHostVersion: string, hostVersion: string): boolean {
  if (manifestHostVersion === ANY_HOST_VERSION) return true;
  const wanted = semver.coerce(manifestHostVersion)?.version;
  const actual = semver.coerce(hostVersion)?.version;
  return wanted !== undefined && wanted === actual;
}

/**
 * Validates an already-parsed manifest object. `hostVersion` is the dashboard's version;
 * `onWarning` receives non-fatal remarks (a non camelCase id outside a distributable build).
 */
export function validateManifest(
  raw: unknown,
  manifestPath: string,
  hostVersion: string,
  onWarning: (message: string) => void = () => undefined,
): PluginManifest {
  const invalid = (message: string) => PluginDiscoveryError.invalidManifest(manifestPath, message);
  if (!isPlainObject(raw)) throw invalid('Plugin manifest must contain a JSON encoded object.');
  if (typeof raw.id !== 'string' || raw.id === '')
    throw invalid('Plugin manifest must contain an "id" property.');
  const id = raw.id;
  if (id.includes('.')) throw invalid('Plugin "id" must not include `.` characters.');
  if (!/^[a-z][a-zA-Z0-9]*$/.test(id))
    onWarning(`Expect plugin "id" in camelCase, but found: ${id} (${manifestPath})`);
  if (typeof raw.version !== 'string' || raw.version === '') {
    throw invalid(`Plugin manifest for "${id}" must contain a "version" property.`);
  }
  if (
    raw.configPath !== undefined &&
    typeof raw.configPath !== 'string' &&
    !isStringArray(raw.configPath)
  ) {
    throw invalid(
      `The "configPath" in plugin manifest for "${id}" should either be a string or an array of strings.`,
    );
  }
  for (const key of STRING_ARRAY_KEYS) {
    if (raw[key] !== undefined && !isStringArray(raw[key])) {
      throw invalid(`The "${key}" in plugin manifest for "${id}" should be an array of strings.`);
    }
  }
  for (const key of ['server', 'ui'] as const) {
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean') {
      throw invalid(`The "${key}" in plugin manifest for "${id}" should be a boolean.`);
    }
  }
  if (raw.server !== true && raw.ui !== true) {
    throw invalid(
      `Both "server" and "ui" are missing or set to "false" in plugin manifest for "${id}", but at least one of these must be set to "true".`,
    );
  }
  const unknownKeys = Object.keys(raw).filter((key) => !KNOWN_KEYS.has(key));
  if (unknownKeys.length > 0) {
    throw invalid(
      `Manifest for plugin "${id}" contains the following unrecognized properties: ${unknownKeys.join(',')}.`,
    );
  }
  if (
    raw.opensearchDashboardsVersion !== undefined &&
    typeof raw.opensearchDashboardsVersion !== 'string'
  ) {
    throw invalid(
      `The "opensearchDashboardsVersion" in plugin manifest for "${id}" should be a string.`,
    );
  }
  const opensearchDashboardsVersion = raw.opensearchDashboardsVersion ?? raw.version;
  if (!isCompatible(opensearchDashboardsVersion, hostVersion)) {
    throw PluginDiscoveryError.incompatibleVersion(
      manifestPath,
      `Plugin "${id}" is only compatible with OpenSearch Dashboards version "${opensearchDashboardsVersion}", but used OpenSearch Dashboards version is "${hostVersion}".`,
    );
  }
  return {
    id,
    version: raw.version,
    opensearchDashboardsVersion,
    configPath: (raw.configPath as string | string[] | undefined) ?? toSnakeCase(id),
    requiredPlugins: (raw.requiredPlugins as string[] | undefined) ?? [],
    optionalPlugins: (raw.optionalPlugins as string[] | undefined) ?? [],
    requiredBundles: (raw.requiredBundles as string[] | undefined) ?? [],
    server: raw.server === true,
    ui: raw.ui === true,
  };
}

/** Reads `<pluginDir>/opensearch_dashboards.json`; unreadable or non-JSON files are invalid manifests too. */
export async function readManifest(
  manifestPath: string,
  hostVersion: string,
  onWarning?: (message: string) => void,
): Promise<PluginManifest> {
  let text: string;
  try {
    text = await readFile(manifestPath, 'utf8');
  } catch (error) {
    throw PluginDiscoveryError.invalidManifest(manifestPath, (error as Error).message);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw PluginDiscoveryError.invalidManifest(
      manifestPath,
      'Plugin manifest must contain a JSON encoded object.',
    );
  }
  return validateManifest(raw, manifestPath, hostVersion, onWarning);
}
