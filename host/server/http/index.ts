export { HttpService } from './http_service';
export type {
  HttpServiceConfig,
  HttpServiceStartDeps,
  InternalHttpServiceSetup,
  ListeningAddress,
} from './http_service';
export { CORE_OWNER } from './context_container';
export { createCoreContextFactory } from './core_context';
export type { CoreContextFactory, CoreContextServices } from './core_context';
export { authenticatedUserOf } from './osd_request';
export type { Authenticator } from './route_handler';
export type { StaticAssetsOptions } from './static_assets';
export { errorBody, isBoomLike } from './error_body';
export type { ErrorWireBody } from './error_body';
