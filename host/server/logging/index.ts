export { createLogging } from './create-logging';
export type { LoggingOptions, LoggingSystem } from './create-logging';
export { LOG_LEVELS } from './levels';
export type { LogLevel } from './levels';
export { REDACTION_CENSOR, SECRET_KEYS } from './redaction';
export { createLineCollector } from './line-collector';
export type { LineCollector } from './line-collector';
