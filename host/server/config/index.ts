export { loadConfig } from './load-config';
export type { HostConfig } from './load-config';
export { ConfigError } from './errors';
