import type {
  AuthenticatedUser,
  IRouter,
  Logger,
  OsdRequest,
  RequestHandlerContext,
} from '../../../host/server/types';
import type { SvcServerStart } from '../../main/server/types';
import type { AvailableUpdatesService } from './services/available-updates/available-updates-service';
import type { UserPreferencesService } from './services/preferences/user-preferences-service';

/** `context.svc_check_updates` of the plugin's route handlers. */
export interface CheckUpdatesContext {
  logger: Logger;
  security: { getCurrentUser(request: OsdRequest): AuthenticatedUser | null };
}

export interface CheckUpdatesRequestHandlerContext extends RequestHandlerContext {
  svc_check_updates: CheckUpdatesContext;
}

export type CheckUpdatesRouter = IRouter<CheckUpdatesRequestHandlerContext>;

/** Services the routes use, created at start. */
export interface CheckUpdatesServices {
  availableUpdates: AvailableUpdatesService;
  preferences: UserPreferencesService;
}

/** Gives the started services; routes are only served after start. */
export type GetServices = () => CheckUpdatesServices;

export interface CheckUpdatesSetupDeps {
  svc: unknown;
}

export interface CheckUpdatesStartDeps {
  svc: SvcServerStart;
}
