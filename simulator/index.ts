/** The managed-API simulator: a stand-in for the managed security API, for tests, benchmarks and the demo. */
export { startManagedApi, type ManagedApi } from './server';
export type { ManagedApiOptions } from './options';
export type { FaultKnobs, FailureKind } from './faults';
export type { VersionCheckMode } from './data/version-check';
export type { RunAsRule } from './rbac/run-as-rules';
export type { ApiRoleDefinition, ApiUserDefinition } from './auth/accounts';
export type { SimulatorStats } from './state';
export * from './users';
