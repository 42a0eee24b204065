/** The services the plugin builds at start, as the routes and the request context use them. */
import type { SvcConfig } from './config';
import type { ApiCheckRequests } from './services/api-checks/api-check-requests';
import type { ApiHostChecker } from './services/api-checks/api-host-checker';
import type { ApiHostStatusRegistry } from './services/api-checks/api-host-status';
import type { ApiHostStore } from './services/api-hosts/api-host-store';
import type { ApiRequestService } from './services/api-request/api-request-service';
import type { CsvExportService } from './services/csv/csv-export';
import type { HealthChecks } from './services/health/health-checks';
import type { IndexPatternService } from './services/indexer/index-patterns';
import type { KnownFieldsCatalogue } from './services/indexer/known-fields';
import type { DelayedRequestQueue } from './services/jobs/delayed-requests';
import type { ManagedApiService } from './services/managed-api/managed-api-service';
import type { RouteCatalogue } from './services/route-catalogue';
import type { UiLogWriter } from './services/ui-logs/ui-log-writer';
import type { DefaultApiHostService } from './services/user-settings/default-api-host';

export interface SvcServices {
  config: SvcConfig;
  hosts: ApiHostStore;
  api: ManagedApiService;
  checker: ApiHostChecker;
  statuses: ApiHostStatusRegistry;
  /** Time between two background checks of the stored hosts (`svc.jobs.api_check_schedule`). */
  apiCheckPeriodMs: number;
  apiChecks: ApiCheckRequests;
  defaultHosts: DefaultApiHostService;
  csv: CsvExportService;
  queue: DelayedRequestQueue;
  apiRequests: ApiRequestService;
  uiLogs: UiLogWriter;
  knownFields: KnownFieldsCatalogue;
  indexPatterns: IndexPatternService;
  healthChecks: HealthChecks;
  routeCatalogue: RouteCatalogue;
}

/** Routes are registered during setup and served after start: they reach the services through this. */
export type ServicesAccessor = () => SvcServices;
