/**
 * The alerts side of the plugin, built in one place at start: the indexer connection (the
 * configured indexer, or later the demo's stand-in), the user's scope on each API host, sample
 * data, the search service over every dataset, the indexer's status, and the report data source.
 */
import { selectableAlertsIndexPatterns } from '@main/common/app-settings';
import type { CoreStart, Logger, OsdRequest } from '@host/server/types';
import { ADMIN_ROLE } from '../../../common/constants';
import type { SvcConfig } from '../../config';
import type { SvcServices } from '../../plugin-services';
import type { ApiHostStore } from '../api-hosts/api-host-store';
import type { IndexerJobRuns } from '../indexer-jobs/job-runs';
import type { ManagedApiService } from '../managed-api/managed-api-service';
import { alertsReportDataSource } from '../reports';
import { configuredIndexer, IndexerConnection, indexerStatus } from './indexer';
import { generatedSampleStates, SampleDataService, type SampleStatesSource } from './sample-data';
import { ManagedApiScopeResolver } from './scope';
import { createAlertsSearchService } from './search';

export type AlertsServices = Pick<
  SvcServices,
  | 'indexer'
  | 'alertsScope'
  | 'sampleData'
  | 'indexerStatus'
  | 'alertsSearch'
  | 'reportData'
  | 'alertsAdmin'
>;

export interface AlertsServicesDeps {
  config: SvcConfig;
  core: CoreStart;
  hosts: ApiHostStore;
  api: ManagedApiService;
  /** Signs the search cursors, the same on every instance. */
  cursorKey: Buffer;
  /** Demo mode's states source while it runs (the simulator's own inventory of its agents). */
  demoStates: () => SampleStatesSource | undefined;
  /** The last runs of the statistics and monitoring jobs, shown with the indexer's status. */
  jobRuns: Pick<IndexerJobRuns, 'list'>;
  /** The settings in force (App settings over the file), read on every use. */
  live: () => SvcConfig;
  logger: Logger;
}

export async function createAlertsServices(deps: AlertsServicesDeps): Promise<AlertsServices> {
  const { config, core, hosts, api, live, logger } = deps;
  const indexer = new IndexerConnection(
    () => live().indexer.alertsIndexPattern,
    logger.get('indexer'),
  );
  const configured = await configuredIndexer(config.indexer, core.opensearch);
  if (configured) {
    indexer.connect(configured);
    logger.info(`Alerts are read from the indexer at ${configured.hosts.join(', ')}.`);
  }
  const alertsScope = new ManagedApiScopeResolver({
    hosts,
    api,
    currentUser: (request) => core.security.getCurrentUser(request),
    maxAgentFilter: config.indexer.maxAgentFilter,
    cacheTtlMs: config.indexer.scopeCacheTtlMs,
    hideManagerAlerts: () => live().alerts.hideManagerAlerts,
  });
  const sampleData = new SampleDataService({
    indexer,
    states: (category, target, context) =>
      (deps.demoStates() ?? generatedSampleStates)(category, target, context),
  });
  const apiAsUser = (request: OsdRequest) => api.asUser(core.security.getCurrentUser(request));
  const statusOf: SvcServices['indexerStatus'] = (request, signal) =>
    indexerStatus(
      {
        connection: indexer,
        admin:
          request !== undefined &&
          (core.security.getCurrentUser(request)?.roles.includes(ADMIN_ROLE) ?? false),
        ...(request && {
          apiHosts: {
            list: () => hosts.list(),
            scope: (apiHostId) => alertsScope.resolve(request, apiHostId),
          },
          jobRuns: () => deps.jobRuns.list(),
        }),
      },
      signal,
    );
  const alertsSearch = createAlertsSearchService({
    connection: indexer,
    alertsIndexPattern: () => live().indexer.alertsIndexPattern,
    selectableAlertsIndexPatterns: () =>
      selectableAlertsIndexPatterns(
        live().indexer.alertsIndexPattern,
        live().alerts.selectableIndexPatterns,
      ),
    scope: alertsScope,
    limits: {
      ...config.indexer,
      statisticsMaxRangeDays: config.statistics.maxRangeDays,
      get csvMaxRows() {
        return live().indexer.csvMaxRows;
      },
    },
    logger: logger.get('alerts'),
    cursorKey: deps.cursorKey,
  });
  return {
    indexer,
    alertsScope,
    sampleData,
    indexerStatus: statusOf,
    alertsSearch,
    reportData: (request, username) =>
      alertsReportDataSource({ alertsSearch, scope: alertsScope, apiAsUser }, request, username),
    alertsAdmin: {
      indexerStatus: statusOf,
      sampleData,
      managerPin: (apiHostId) => alertsScope.managerPin(apiHostId),
      apiAsUser,
    },
  };
}
