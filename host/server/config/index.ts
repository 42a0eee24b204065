export { loadConfig } from './load-config';
export type { HostConfig } from './load-config';
