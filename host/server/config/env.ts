import type { ConfigPath } from './config-tree';

/** Environment variables and the configuration key each one sets (they win over the file). */
const CONFIG_ENV_VARIABLES: ReadonlyArray<{ name: string; path: ConfigPath }> = [
  { name: 'SVC_HOST', path: ['server', 'host'] },
  { name: 'SVC_PORT', path: ['server', 'port'] },
  { name: 'SVC_BASE_PATH', path: ['server', 'basePath'] },
  { name: 'SVC_TLS_CERT_FILE', path: ['server', 'tls', 'certFile'] },
  { name: 'SVC_TLS_KEY_FILE', path: ['server', 'tls', 'keyFile'] },
  { name: 'SVC_TLS_CA_FILE', path: ['server', 'tls', 'caFile'] },
  { name: 'SVC_TRUST_PROXY', path: ['server', 'trustProxy'] },
  { name: 'SVC_DATA_DIR', path: ['data', 'dir'] },
  { name: 'SVC_ADMIN_PASSWORD', path: ['security', 'adminPassword'] },
  { name: 'SVC_SAVED_OBJECTS_URL', path: ['savedObjects', 'url'] },
  { name: 'SVC_ENCRYPTION_KEY', path: ['encryptionKey'] },
  { name: 'SVC_LOG_LEVEL', path: ['logging', 'level'] },
  // The main plugin's demo and indexer settings: the plugin reads them and asks `core.opensearch` for a client.
  // SVC_INDEXER_URL may list several nodes separated by commas; the plugin's schema splits them.
  { name: 'SVC_DEMO', path: ['svc', 'demo'] },
  { name: 'SVC_INDEXER_URL', path: ['svc', 'indexer', 'hosts'] },
  { name: 'SVC_INDEXER_USERNAME', path: ['svc', 'indexer', 'username'] },
  { name: 'SVC_INDEXER_PASSWORD', path: ['svc', 'indexer', 'password'] },
  { name: 'SVC_INDEXER_CA_FILE', path: ['svc', 'indexer', 'ssl', 'certificateAuthorities'] },
];

export interface EnvSetting {
  name: string;
  path: ConfigPath;
  value: string;
}

/** The variables that are set; an empty value counts as unset, as shells make that easy to do by accident. */
export function readEnvSettings(env: NodeJS.ProcessEnv): EnvSetting[] {
  return CONFIG_ENV_VARIABLES.flatMap(({ name, path }) => {
    const value = env[name];
    return value ? [{ name, path, value }] : [];
  });
}
