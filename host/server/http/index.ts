export { HttpService } from './http-service';
export type {
  HttpServiceConfig,
  HttpServiceStartDeps,
  InternalHttpServiceSetup,
  ListeningAddress,
} from './http-service';
export { CORE_OWNER } from './context-container';
export { createCoreContextFactory } from './core-context';
export type { CoreContextFactory, CoreContextServices } from './core-context';
export { authenticatedUserOf } from './osd-request';
export type { Authenticator } from './route-handler';
export type { StaticAssetsOptions } from './static-assets';
export { errorBody, isBoomLike } from './error-body';
export type { ErrorWireBody } from './error-body';
