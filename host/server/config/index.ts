export { loadConfig } from './load-config';
export type { HostConfig, LoadConfigOptions } from './load-config';
export { ConfigError } from './errors';
export { CONFIG_ENV_VARIABLES } from './env';
export { CONFIG_FILE_ENV, DEFAULT_CONFIG_FILE } from './config-file';
