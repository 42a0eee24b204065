/** Every HTTP route of the main plugin. */
import type { IRouter } from '@host/server/types';
import type { SvcConfig } from '../config';
import type { ServicesAccessor } from '../plugin-services';
import { registerAlertsRoutes } from './alerts';
import { registerAlertsAdminRoutes } from './alerts-admin';
import { registerApiHostRoutes } from './api-hosts';
import { registerAppSettingsRoutes } from './app-settings';
import { registerApiRequestRoute } from './api-request';
import { registerCsvRoute } from './csv';
import { registerHealthRoute } from './health';
import { registerIndexerRoutes } from './indexer';
import { registerManagedApiRoutes } from './managed-api';
import { registerReportRoutes } from './reports';
import { registerServerOperationsRoutes } from './server-operations';
import { registerUiLogsRoute } from './ui-logs';

export function registerRoutes(
  router: IRouter,
  services: ServicesAccessor,
  config: SvcConfig,
): void {
  registerManagedApiRoutes(router, services);
  registerApiRequestRoute(router, services, config.api.requestsPerUserPerSecond);
  registerCsvRoute(router, services);
  registerApiHostRoutes(router, services);
  registerIndexerRoutes(router, services);
  registerUiLogsRoute(router, services);
  registerHealthRoute(router, services);
  registerAlertsRoutes(router, () => services());
  registerAlertsAdminRoutes(router, () => services().alertsAdmin);
  registerReportRoutes(router, () => services());
  registerAppSettingsRoutes(router, () => services(), config.appSettings.maxLogoBytes);
  registerServerOperationsRoutes(
    router,
    () => services().serverOperations,
    config.server.configurationMaxBytes,
  );
}
