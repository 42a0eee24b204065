import type {
  CoreSetup,
  CoreStart,
  Logger,
  Plugin,
  PluginInitializerContext,
} from '../../../host/server/types';
import { PLUGIN_CONTEXT_NAME } from '../common/constants';
import type { CheckUpdatesConfig } from './config';
import { registerRoutes } from './routes';
import { availableUpdatesType, userPreferencesType } from './saved-objects/types';
import { AvailableUpdatesService } from './services/available-updates/available-updates-service';
import { releaseNotesUrlFromTemplate } from './services/available-updates/classify';
import { createVersionCheckClient } from './services/available-updates/version-check-client';
import { UserPreferencesService } from './services/preferences/user-preferences-service';
import { startPeriodicRefresh } from './services/scheduler/periodic-refresh';
import type {
  CheckUpdatesContext,
  CheckUpdatesRequestHandlerContext,
  CheckUpdatesServices,
  CheckUpdatesSetupDeps,
  CheckUpdatesStartDeps,
} from './types';

export type CheckUpdatesPluginSetup = Record<string, never>;
export type CheckUpdatesPluginStart = Record<string, never>;

/** Server side of `svcCheckUpdates`: available updates per API host and per-user dismissals. */
export class CheckUpdatesPlugin implements Plugin<
  CheckUpdatesPluginSetup,
  CheckUpdatesPluginStart,
  CheckUpdatesSetupDeps,
  CheckUpdatesStartDeps
> {
  private readonly logger: Logger;
  private services?: CheckUpdatesServices;
  private refreshJob?: { stop(): Promise<void> };

  constructor(private readonly initializerContext: PluginInitializerContext<CheckUpdatesConfig>) {
    this.logger = initializerContext.logger.get();
  }

  setup(core: CoreSetup<CheckUpdatesStartDeps>): CheckUpdatesPluginSetup {
    core.savedObjects.registerType(availableUpdatesType);
    core.savedObjects.registerType(userPreferencesType);
    const context: CheckUpdatesContext = {
      logger: this.logger,
      security: { getCurrentUser: (request) => core.security.getCurrentUser(request) },
    };
    core.http.registerRouteHandlerContext(PLUGIN_CONTEXT_NAME, () => context);
    registerRoutes(core.http.createRouter<CheckUpdatesRequestHandlerContext>(), () =>
      this.startedServices(),
    );
    return {};
  }

  start(core: CoreStart, { svc }: CheckUpdatesStartDeps): CheckUpdatesPluginStart {
    const config = this.initializerContext.config.get();
    const repository = core.savedObjects.createInternalRepository();
    const availableUpdates = new AvailableUpdatesService({
      repository,
      hosts: svc.hosts,
      fetchVersionCheck: createVersionCheckClient(svc.api.client.asInternalUser),
      releaseNotesUrl: releaseNotesUrlFromTemplate(config.releaseNotesUrl),
      cacheLifetimeMs: config.cacheLifetimeMinutes * 60_000,
      logger: this.logger.get('available-updates'),
    });
    const preferences = new UserPreferencesService({
      repository,
      logger: this.logger.get('preferences'),
      maxDismissedUpdates: config.maxDismissedUpdates,
    });
    this.services = { availableUpdates, preferences };
    this.refreshJob = startPeriodicRefresh({
      schedule: config.refreshSchedule,
      jobs: svc.jobs,
      coordination: core.coordination,
      refreshAll: () => availableUpdates.refreshAll(),
      logger: this.logger.get('refresh'),
    });
    return {};
  }

  async stop(): Promise<void> {
    await this.refreshJob?.stop();
  }

  private startedServices(): CheckUpdatesServices {
    if (!this.services)
      throw new Error('svcCheckUpdates services are used before the plugin started');
    return this.services;
  }
}
