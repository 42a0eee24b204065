/** The managed-API simulator: a stand-in for the managed security API, for tests, benchmarks and the demo. */
export { startManagedApi, type ManagedApi } from './server';
export type { ManagedApiOptions } from './options';
export type { VersionCheckMode } from './data/version-check';
export { DEMO_CLUSTER } from './data/cluster';
export * from './users';
