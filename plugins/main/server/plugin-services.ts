/** The services the plugin builds at start, as the routes and the request context use them. */
import type { OsdRequest } from '../../../host/server/types';
import type { IndexerStatus } from '../common/alerts/api';
import type { SvcConfig } from './config';
import type { AlertsAdminServices } from './routes/alerts-admin';
import type { IndexerConnection } from './services/alerts/indexer';
import type { SampleDataService } from './services/alerts/sample-data';
import type { ManagedApiScopeResolver } from './services/alerts/scope';
import type { AlertsSearchService } from './services/alerts/search';
import type { AppSettingsService } from './services/app-settings/app-settings-service';
import type { ApiCheckRequests } from './services/api-checks/api-check-requests';
import type { ApiHostChecker } from './services/api-checks/api-host-checker';
import type { ApiHostCheckRegistry } from './services/api-checks/api-host-checks';
import type { ApiHostStore } from './services/api-hosts/api-host-store';
import type { ApiRequestService } from './services/api-request/api-request-service';
import type { CsvExportService } from './services/csv/csv-export';
import type { HealthChecks } from './services/health/health-checks';
import type { LastCheckedVersion } from './services/health/last-checked-version';
import type { IndexPatternService } from './services/indexer/index-patterns';
import type { KnownFieldsCatalogue } from './services/indexer/known-fields';
import type { QueuedRequestQueue } from './services/jobs/queued-requests';
import type { ManagedApiService } from './services/managed-api/managed-api-service';
import type { ReportDataSource, ReportsService } from './services/reports';
import type { RouteCatalogue } from './services/route-catalogue';
import type { ServerOperationsService } from './services/server-operations/server-operations';
import type { UiLogWriter } from './services/ui-logs/ui-log-writer';
import type { DefaultApiHostService } from './services/user-settings/default-api-host';

export interface SvcServices {
  config: SvcConfig;
  /** App settings: the config file's values with those saved from the dashboard over them. */
  appSettings: AppSettingsService;
  /** The version the health check last ran for, on any instance. */
  lastCheckedVersion: LastCheckedVersion;
  hosts: ApiHostStore;
  api: ManagedApiService;
  checker: ApiHostChecker;
  hostChecks: ApiHostCheckRegistry;
  /** Time between two background checks of the stored hosts (`svc.jobs.apiCheckSchedule`). */
  apiCheckPeriodMs: number;
  apiChecks: ApiCheckRequests;
  defaultHosts: DefaultApiHostService;
  csv: CsvExportService;
  queue: QueuedRequestQueue;
  apiRequests: ApiRequestService;
  uiLogs: UiLogWriter;
  knownFields: KnownFieldsCatalogue;
  indexPatterns: IndexPatternService;
  healthChecks: HealthChecks;
  routeCatalogue: RouteCatalogue;
  /** The indexer the alerts are read from (none, the configured one, or the demo's stand-in). */
  indexer: IndexerConnection;
  alertsScope: ManagedApiScopeResolver;
  sampleData: SampleDataService;
  alertsSearch: AlertsSearchService;
  /** PDF reports of module dashboards and of an agent's Security events. */
  reports: ReportsService;
  /** Reads alerts for a report as the user behind `request`. */
  reportData: (request: OsdRequest, username: string) => ReportDataSource;
  alertsAdmin: AlertsAdminServices;
  /** Server → Configuration (ossec.conf, check, restart) and the enrollment settings. */
  serverOperations: ServerOperationsService;
  /** The indexer's state; with a request, also each API host's alerts that user may see. */
  indexerStatus(request?: OsdRequest, signal?: AbortSignal): Promise<IndexerStatus>;
}

/** Routes are registered during setup and served after start: they reach the services through this. */
export type ServicesAccessor = () => SvcServices;
