export { HttpService } from './http-service';
export type { HttpServiceConfig, InternalHttpServiceSetup } from './http-service';
export { CORE_OWNER } from './context-container';
export { createCoreContextFactory } from './core-context';
