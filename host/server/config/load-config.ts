import { resolve } from 'node:path';
import { ValidationError } from '../../schema';
import type { LogLevel } from '../logging/levels';
import type { CheckSharesConfig } from '../security/check-shares';
import type { HashQueueConfig } from '../security/hash-queue';
import type { LoginThrottleConfig } from '../security/login-throttle';
import { readConfigFile } from './config-file';
import { applyConfigRenames, HOST_CONFIG_RENAMES } from './config-deprecations';
import { hasPath, mergeTrees, setAtPath, type ConfigPath, type ConfigTree } from './config-tree';
import { readEnvSettings, type EnvSetting } from './env';
import { ConfigError } from '../errors';
import {
  HOST_CONFIG_KEYS,
  hostConfigSchema,
  readTrustProxy,
  type HostConfigKeys,
  type TrustProxySetting,
} from './host-config-schema';

export interface HostConfig {
  server: {
    host: string;
    port: number;
    /** '' or a path like `/dashboard` that prefixes every route and asset. */
    basePath: string;
    maxPayloadBytes: number;
    maxBodyDepth: number;
    maxBodyValues: number;
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    /** Absolute paths; cert and key together, or neither. */
    tls: { certFile?: string; keyFile?: string; caFile?: string };
    /** false, a hop count, or the addresses and CIDRs of the trusted proxies. */
    trustProxy: TrustProxySetting;
  };
  /** Absolute. */
  data: { dir: string };
  security: {
    adminPassword?: string;
    session: { ttlMinutes: number; idleTimeoutMinutes: number };
    loginThrottle: LoginThrottleConfig;
    passwordChecks: HashQueueConfig & CheckSharesConfig;
  };
  savedObjects: { url?: string };
  encryptionKey?: string;
  logging: { level: LogLevel };
  /** Every other top-level key (`svc`, `svc_check_updates`, …), unvalidated: plugins validate their own. */
  plugins: Record<string, unknown>;
  /** One line per deprecated key that was read (renamed keys), for the log once logging is up. */
  deprecationWarnings: string[];
  /** Absolute path of the YAML file that was read, if any. */
  configFile?: string;
}

export interface LoadConfigOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Values set by the caller (tests, embedding), shaped like the YAML file; they win over file and env. */
  overrides?: ConfigTree;
}

function startsWith(path: readonly string[], prefix: ConfigPath): boolean {
  return prefix.every((key, index) => path[index] === key);
}

/** Where the value at `path` came from, for error messages. */
function sourceOf(
  path: string[],
  sources: { overrides?: ConfigTree; env: EnvSetting[]; file: ConfigTree; filePath?: string },
): string {
  if (sources.overrides && hasPath(sources.overrides, path)) return 'overrides';
  const setting = sources.env.find(
    (candidate) => startsWith(path, candidate.path) || startsWith(candidate.path, path),
  );
  if (setting) return setting.name;
  if (sources.filePath && hasPath(sources.file, path)) return sources.filePath;
  return 'defaults';
}

function splitHostAndPlugins(tree: ConfigTree): {
  host: ConfigTree;
  plugins: Record<string, unknown>;
} {
  const host: ConfigTree = {};
  const plugins: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (HOST_CONFIG_KEYS.has(key)) host[key] = value;
    else plugins[key] = value;
  }
  return { host, plugins };
}

/**
 * The host configuration: the YAML file (`SVC_CONFIG`, default `config/svc.yml`), then the `SVC_*`
 * environment variables over it, then `overrides`; validated with `host/schema`. A bad value throws
 * `ConfigError` naming the key and its source.
 */
export function loadConfig({
  env = process.env,
  cwd = process.cwd(),
  overrides,
}: LoadConfigOptions = {}): HostConfig {
  const file = readConfigFile(env, cwd);
  const envSettings = readEnvSettings(env);
  const envTree: ConfigTree = {};
  for (const setting of envSettings) setAtPath(envTree, setting.path, setting.value);
  // Renamed per source, so an old key in the file still loses to the new key's env variable.
  const renamedFile = applyConfigRenames(file.values, HOST_CONFIG_RENAMES);
  const renamedOverrides = applyConfigRenames(overrides ?? {}, HOST_CONFIG_RENAMES);
  const merged = mergeTrees(mergeTrees(renamedFile.tree, envTree), renamedOverrides.tree);
  const { host, plugins } = splitHostAndPlugins(merged);

  let validated: HostConfigKeys;
  try {
    validated = hostConfigSchema.validate(host);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const source = sourceOf(error.path, {
      overrides,
      env: envSettings,
      file: file.values,
      filePath: file.path,
    });
    throw new ConfigError(
      `Invalid configuration [${error.path.join('.')}] (from ${source}): ${error.rawMessage}`,
    );
  }

  const { adminPassword, session, loginThrottle, passwordChecks } = validated.security;
  const { tls, trustProxy, ...server } = validated.server;
  if ((tls.certFile === undefined) !== (tls.keyFile === undefined)) {
    throw new ConfigError(
      'Invalid configuration [server.tls] (from SVC_TLS_CERT_FILE/SVC_TLS_KEY_FILE): give both the certificate and the key file, or neither.',
    );
  }
  return {
    server: {
      ...server,
      tls: {
        ...(tls.certFile !== undefined && { certFile: resolve(cwd, tls.certFile) }),
        ...(tls.keyFile !== undefined && { keyFile: resolve(cwd, tls.keyFile) }),
        ...(tls.caFile !== undefined && { caFile: resolve(cwd, tls.caFile) }),
      },
      // Validated by the schema, so a refusal (a string) cannot come back here.
      trustProxy: readTrustProxy(trustProxy) as TrustProxySetting,
    },
    data: { dir: resolve(cwd, validated.data.dir) },
    security: {
      ...(adminPassword !== undefined && { adminPassword }),
      session: { ...session },
      loginThrottle: { ...loginThrottle },
      passwordChecks: { ...passwordChecks },
    },
    savedObjects: { ...validated.savedObjects },
    ...(validated.encryptionKey !== undefined && { encryptionKey: validated.encryptionKey }),
    // The schema accepts only the names in LOG_LEVELS.
    logging: { level: validated.logging.level as LogLevel },
    plugins,
    deprecationWarnings: [...renamedFile.warnings, ...renamedOverrides.warnings],
    ...(file.path !== undefined && { configFile: file.path }),
  };
}
