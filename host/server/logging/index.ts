export { createLogging } from './create-logging';
export type { LoggingSystem } from './create-logging';
export { createLineCollector } from './line-collector';
