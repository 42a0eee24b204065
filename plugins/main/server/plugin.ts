/**
 * Server side of the `svc` plugin.
 * setup: the `svc` request context, `X-Frame-Options` on every response, the routes, the health checks
 * (alerts index pattern, API hosts), default notification channels when a notifications plugin is there.
 * start: the host store and managed-API client, demo mode, background host checks, the queue job runner and the
 * global configuration; returns the contract other plugins use (`SvcServerStart`).
 */
import path from 'node:path';
import type {
  CoreSetup,
  CoreStart,
  Logger,
  Plugin,
  PluginInitializerContext,
} from '../../../host/server/types';
import {
  API_HOST_SAVED_OBJECT_TYPE,
  API_HOST_CHECK_SAVED_OBJECT_TYPE,
  USER_SETTINGS_SAVED_OBJECT_TYPE,
  type ApiHost,
} from '../common/api-hosts';
import { schema } from '../../../host/schema';
import {
  QUEUED_REQUEST_SAVED_OBJECT_TYPE,
  PLUGIN_CONTEXT_NAME,
  TELEMETRY_SETTING,
} from '../common/constants';
import { resolveConfig, type RawSvcConfig, type SvcConfig } from './config';
import { loadGlobalConfiguration, type GlobalConfiguration } from './global-configuration';
import type { SvcServices } from './plugin-services';
import { registerRoutes } from './routes';
import { ApiCheckRequests } from './services/api-checks/api-check-requests';
import { ApiHostChecker } from './services/api-checks/api-host-checker';
import { ApiHostCheckRegistry } from './services/api-checks/api-host-checks';
import { ApiHostStore, type StoredApiHost } from './services/api-hosts/api-host-store';
import { cursorSigningKey, loadEncryptionKey } from './services/api-hosts/encryption-key';
import { SecretCipher } from './services/secrets/secret-cipher';
import { apiHostSavedObjectType } from './services/api-hosts/saved-object-type';
import { apiHostCheckSavedObjectType } from './services/api-checks/saved-object-type';
import { queuedRequestSavedObjectType } from './services/jobs/saved-object-type';
import { userSettingsSavedObjectType } from './services/user-settings/saved-object-type';
import { serverConfigurationSavedObjectType } from './services/server-operations/saved-object-type';
import {
  SERVER_CONFIGURATION_SAVED_OBJECT_TYPE,
  ServerOperationsService,
} from './services/server-operations/server-operations';
import { DefaultApiHostService } from './services/user-settings/default-api-host';
import { seedApiHosts } from './services/api-hosts/seed-hosts';
import { CsvExportService } from './services/csv/csv-export';
import { createAlertsServices } from './services/alerts/alerts-services';
import type { IndexerConnection } from './services/alerts/indexer';
import type { SampleDataService } from './services/alerts/sample-data';
import { AppSettingsService } from './services/app-settings/app-settings-service';
import {
  APP_SETTINGS_SAVED_OBJECT_TYPE,
  APP_LOGO_SAVED_OBJECT_TYPE,
  appSettingsSavedObjectTypes,
} from './services/app-settings/saved-object-types';
import { readSampleTarget } from './services/alerts/sample-data/sample-target';
import type { ManagedApiScopeResolver } from './services/alerts/scope';
import {
  createReportsService,
  REPORT_SAVED_OBJECT_TYPES,
  reportSavedObjectTypes,
} from './services/reports';
import { startBuiltInIndexer } from './services/demo/built-in-indexer';
import { startBuiltInManagedApi } from './services/demo/built-in-managed-api';
import { DemoIndexer } from './services/demo/demo-indexer';
import { DEMO_HOST_ID, DemoMode } from './services/demo/demo-mode';
import { apiHealthCheck, hostChecksOfRun } from './services/health/api-health-check';
import { apiVersionHealthCheck } from './services/health/api-version-health-check';
import { indexTemplateHealthCheck } from './services/health/index-template-health-check';
import {
  healthCheckRunSavedObjectType,
  HEALTH_CHECK_RUN_SAVED_OBJECT_TYPE,
  LastCheckedVersion,
} from './services/health/last-checked-version';
import { MONITORING_INDEX_PATTERN, STATISTICS_INDEX_PATTERN } from '../common/indexer-jobs';
import { HealthChecks } from './services/health/health-checks';
import { indexPatternHealthCheck } from './services/health/index-pattern-health-check';
import { indexerHealthCheck } from './services/health/indexer-health-check';
import { IndexPatternService } from './services/indexer/index-patterns';
import { KnownFieldsCatalogue } from './services/indexer/known-fields';
import {
  indexPatternSavedObjectType,
  visualizationSavedObjectType,
} from './services/indexer/saved-object-types';
import { QueuedRequestQueue } from './services/jobs/queued-requests';
import { ApiRequestService } from './services/api-request/api-request-service';
import { JobRunner } from './services/jobs/job-runner';
import { IndexerJobRuns } from './services/indexer-jobs/job-runs';
import {
  INDEXER_JOB_RUN_SAVED_OBJECT_TYPE,
  indexerJobRunSavedObjectType,
} from './services/indexer-jobs/saved-object-type';
import { runStatisticsJob } from './services/indexer-jobs/statistics-job';
import { runMonitoringJob } from './services/indexer-jobs/monitoring-job';
import type { IndexerJobDeps } from './services/indexer-jobs/indexer-job';
import { schedulePeriodMs } from './services/jobs/cron';
import { contractRequester } from './services/managed-api/api-host-requester';
import { ManagedApiService } from './services/managed-api/managed-api-service';
import { TokenStore } from './services/managed-api/token-store';
import { HostTransport } from './services/managed-api/transport';
import {
  logChannel,
  ApiHostStateNotifier,
  webhookChannel,
} from './services/api-host-watch/state-notifier';
import { RouteCatalogue } from './services/route-catalogue';
import { UiLogWriter } from './services/ui-logs/ui-log-writer';
import type { SvcRequestHandlerContext, SvcServerStart } from './types';

/** Tokens are dropped this long before they expire, so none is sent at the very end of its life. */
const TOKEN_EXPIRY_SKEW_MS = 30_000;
/** Assumed lifetime of a token whose expiry cannot be read (the managed API's default is 900 s). */
const TOKEN_FALLBACK_LIFETIME_MS = 300_000;

/** Held by the instance running a round of API host checks (another instance's tick then skips it). */
const API_HOST_CHECKS_LOCK = 'svc.api-host-checks';

function publicHost({ version: _version, ...host }: StoredApiHost): ApiHost {
  return host;
}

export class SvcPlugin implements Plugin<Record<string, never>, SvcServerStart> {
  private readonly logger: Logger;
  private readonly config: SvcConfig;
  private readonly fileConfig: RawSvcConfig;
  private appSettings?: AppSettingsService;
  private readonly healthChecks: HealthChecks;
  private jobs?: JobRunner;
  private readonly transport: HostTransport;
  private services?: SvcServices;
  private core?: CoreStart;
  private globalConfiguration?: GlobalConfiguration;
  private demo?: DemoMode;
  private demoIndexer?: DemoIndexer;

  constructor(private readonly context: PluginInitializerContext) {
    this.logger = context.logger.get();
    this.fileConfig = context.config.get() as RawSvcConfig;
    this.config = resolveConfig(this.fileConfig);
    this.healthChecks = new HealthChecks(this.logger.get('health'));
    this.transport = new HostTransport({
      maxResponseBytes: this.config.api.maxResponseBytes,
      maxBufferedBytes: this.config.api.maxBufferedResponseBytes,
      maxSockets: this.config.api.maxSocketsPerHost,
      maxCaFileBytes: this.config.api.maxCaFileBytes,
    });
  }

  /** The log channel always; the webhook when one is configured. */
  private apiHostStateNotifier(): ApiHostStateNotifier {
    const {
      webhookUrl: url,
      webhookTimeoutMs: timeoutMs,
      webhookMaxInFlight: maxInFlight,
    } = this.config.notifications;
    const logger = this.logger.get('notifications');
    return new ApiHostStateNotifier([
      logChannel(this.logger.get('api-hosts')),
      ...(url ? [webhookChannel({ url, timeoutMs, maxInFlight, logger })] : []),
    ]);
  }

  /** The settings in force: the config file's with the saved App settings over them. */
  private liveSettings(): SvcConfig {
    return this.started().appSettings.current();
  }

  private started(): SvcServices {
    if (!this.services) throw new Error('The svc plugin has not started yet.');
    return this.services;
  }

  setup(core: CoreSetup): Record<string, never> {
    core.savedObjects.registerType(apiHostSavedObjectType);
    core.savedObjects.registerType(apiHostCheckSavedObjectType);
    core.savedObjects.registerType(queuedRequestSavedObjectType);
    core.savedObjects.registerType(indexerJobRunSavedObjectType);
    core.savedObjects.registerType(userSettingsSavedObjectType);
    core.savedObjects.registerType(serverConfigurationSavedObjectType);
    core.savedObjects.registerType(visualizationSavedObjectType);
    core.savedObjects.registerType(indexPatternSavedObjectType);
    for (const type of reportSavedObjectTypes) core.savedObjects.registerType(type);
    for (const type of appSettingsSavedObjectTypes) core.savedObjects.registerType(type);
    core.savedObjects.registerType(healthCheckRunSavedObjectType);
    core.uiSettings.register({
      [TELEMETRY_SETTING]: {
        name: 'Usage counts',
        description: 'Count in this browser which apps are used. Nothing is sent anywhere.',
        value: false,
        type: 'boolean',
        category: ['svc'],
        schema: schema.boolean(),
      },
    });

    const requestLogger = this.logger.get('routes');
    core.http.registerRouteHandlerContext<SvcRequestHandlerContext>(
      PLUGIN_CONTEXT_NAME,
      (_context, request) => {
        const { api } = this.started();
        return {
          logger: requestLogger,
          api: {
            client: {
              asInternalUser: contractRequester(api.asInternalUser),
              asCurrentUser: contractRequester(api.asUser(core.security.getCurrentUser(request))),
            },
          },
        };
      },
    );
    // The dashboard may only be framed by its own pages (clickjacking).
    core.http.registerOnPreResponse((_request, _response, toolkit) =>
      toolkit.next({ headers: { 'x-frame-options': 'SAMEORIGIN' } }),
    );

    registerRoutes(core.http.createRouter(), () => this.started(), this.config);

    const hostChecks = hostChecksOfRun(() => this.started());
    this.healthChecks.register(apiHealthCheck(hostChecks));
    this.healthChecks.register(
      apiVersionHealthCheck(hostChecks, () => this.liveSettings().healthCheck.apiVersionMatch),
    );
    this.healthChecks.register(
      indexerHealthCheck(({ request }) => this.started().indexerStatus(request, request?.signal)),
    );
    const patternServices = () => ({
      indexPatterns: this.started().indexPatterns,
      repository: this.startCore().savedObjects.createInternalRepository(),
    });
    this.healthChecks.register(
      indexPatternHealthCheck(patternServices, {
        id: 'index-pattern',
        title: 'Alerts index pattern',
        pattern: () => this.liveSettings().indexer.alertsIndexPattern,
      }),
    );
    this.healthChecks.register(
      indexTemplateHealthCheck(
        () => this.started().indexer,
        () => this.liveSettings().indexer.alertsIndexPattern,
      ),
    );
    this.healthChecks.register(
      indexPatternHealthCheck(patternServices, {
        id: 'statistics-pattern',
        title: 'Statistics index pattern',
        pattern: () => STATISTICS_INDEX_PATTERN,
        missing: 'yellow',
      }),
    );
    this.healthChecks.register(
      indexPatternHealthCheck(patternServices, {
        id: 'monitoring-pattern',
        title: 'Monitoring index pattern',
        pattern: () => MONITORING_INDEX_PATTERN,
        missing: 'yellow',
      }),
    );
    return {};
  }

  private startCore(): CoreStart {
    if (!this.core) throw new Error('The svc plugin has not started yet.');
    return this.core;
  }

  async start(core: CoreStart): Promise<SvcServerStart> {
    this.core = core;
    this.globalConfiguration = loadGlobalConfiguration(this.context, this.config);
    const dataDir = this.context.paths.data;
    const key = await loadEncryptionKey({
      configuredKey: this.context.config.legacy.globalConfig.encryptionKey,
      dataDir,
    });
    if (key.source === 'file-created')
      this.logger.info(
        `A new key for API host passwords was written to ${dataDir} (set SVC_ENCRYPTION_KEY to manage it yourself).`,
      );
    if (key.warning) this.logger.warn(key.warning);

    const appSettings = new AppSettingsService({
      repository: core.savedObjects.createInternalRepository([
        APP_SETTINGS_SAVED_OBJECT_TYPE,
        APP_LOGO_SAVED_OBJECT_TYPE,
      ]),
      fileConfig: this.fileConfig,
      logger: this.logger.get('app-settings'),
      historySize: this.config.appSettings.historySize,
      maxLogoBytes: this.config.appSettings.maxLogoBytes,
    });
    this.appSettings = appSettings;
    await appSettings
      .refresh()
      .catch((error: unknown) =>
        this.logger.warn(
          `Saved app settings could not be read, the config file's are used until they can be: ${(error as Error).message}`,
        ),
      );
    appSettings.startRefreshing(this.config.appSettings.refreshIntervalMs);
    // Read on every use (getters below), so a saved App setting applies without a restart.
    const live = () => appSettings.current();

    const cipher = new SecretCipher(key.key);
    const hosts = new ApiHostStore(
      core.savedObjects.createInternalRepository([API_HOST_SAVED_OBJECT_TYPE]),
      cipher,
      this.config.api.maxCaFileBytes,
    );
    const api = new ManagedApiService({
      hosts,
      transport: this.transport,
      tokens: new TokenStore(this.transport, {
        maxEntries: this.config.api.tokenCacheSize,
        expirySkewMs: TOKEN_EXPIRY_SKEW_MS,
        fallbackLifetimeMs: TOKEN_FALLBACK_LIFETIME_MS,
      }),
      logger: this.logger.get('managed-api'),
      get timeoutMs() {
        return live().api.timeoutMs;
      },
    });
    const checker = new ApiHostChecker(api);
    const hostChecks = new ApiHostCheckRegistry(
      hosts,
      checker,
      core.savedObjects.createInternalRepository([API_HOST_CHECK_SAVED_OBJECT_TYPE]),
      this.apiHostStateNotifier(),
    );
    const knownFields = new KnownFieldsCatalogue(this.config.indexer.alertsIndexPattern);
    const queue = new QueuedRequestQueue({
      repository: core.savedObjects.createInternalRepository([QUEUED_REQUEST_SAVED_OBJECT_TYPE]),
      cipher,
      api,
      users: core.security,
      logger: this.logger.get('queue'),
      maxPerUser: this.config.api.maxQueuedRequestsPerUser,
      maxTotal: this.config.api.maxQueuedRequests,
    });
    const apiCheckPeriodMs = schedulePeriodMs(this.config.jobs.apiCheckSchedule);
    const defaultHosts = new DefaultApiHostService(
      hosts,
      core.savedObjects.createInternalRepository([USER_SETTINGS_SAVED_OBJECT_TYPE]),
    );
    const jobRuns = new IndexerJobRuns(
      core.savedObjects.createInternalRepository([INDEXER_JOB_RUN_SAVED_OBJECT_TYPE]),
    );
    const alerts = await createAlertsServices({
      config: this.config,
      jobRuns,
      core,
      hosts,
      api,
      cursorKey: cursorSigningKey(key.key),
      demoStates: () => this.demo?.states,
      live,
      logger: this.logger,
    });
    const { indexer, alertsScope, sampleData } = alerts;
    this.services = {
      config: this.config,
      ...alerts,
      appSettings,
      lastCheckedVersion: new LastCheckedVersion(
        core.savedObjects.createInternalRepository([HEALTH_CHECK_RUN_SAVED_OBJECT_TYPE]),
        this.context.env.packageInfo.version,
      ),
      reports: createReportsService({
        repository: core.savedObjects.createInternalRepository(REPORT_SAVED_OBJECT_TYPES),
        limits: this.config.reports,
        // Routes are served only after start, when the job runner exists.
        runInBackground: (name, run) => this.jobs?.runNow(name, run),
        logger: this.logger.get('reports'),
        branding: () => appSettings.reportBranding(),
      }),
      serverOperations: new ServerOperationsService({
        asUser: (user) => api.asUser(user),
        repository: core.savedObjects.createInternalRepository([
          SERVER_CONFIGURATION_SAVED_OBJECT_TYPE,
        ]),
        limits: this.config.server,
        get enrollmentAddress() {
          return live().enrollment.address;
        },
      }),
      hosts,
      api,
      checker,
      hostChecks,
      apiCheckPeriodMs,
      apiChecks: new ApiCheckRequests({
        hosts,
        hostChecks,
        checker,
        api,
        caFileMaxBytes: this.config.api.maxCaFileBytes,
      }),
      defaultHosts,
      csv: new CsvExportService(
        {
          get maxRows() {
            return live().csv.maxRows;
          },
          pageSize: this.config.csv.pageSize,
          pagesAhead: this.config.csv.pagesAhead,
        },
        api,
      ),
      queue,
      apiRequests: new ApiRequestService({
        api,
        hosts,
        queue,
        maxDelayMs: this.config.api.maxRequestDelayMs,
      }),
      uiLogs: new UiLogWriter({
        dataDir,
        rotationSize: this.config.uiLogs.rotationSize,
        maxFiles: this.config.uiLogs.maxFiles,
        maxTotalSize: this.config.uiLogs.maxTotalSize,
        redact: (text) => this.context.logger.redactSecrets(text),
        perUserPerMinute: this.config.uiLogs.perUserPerMinute,
      }),
      knownFields,
      indexPatterns: new IndexPatternService(knownFields),
      healthChecks: this.healthChecks,
      routeCatalogue: new RouteCatalogue(),
    };

    hosts.onChange((change) => {
      api.forgetHost(change.id);
      alertsScope.forgetHost(change.id);
      if (change.kind === 'deleted') {
        defaultHosts
          .forgetHost(change.id)
          .catch((error: unknown) =>
            this.logger.warn(
              `The users' default of removed API host [${change.id}] could not be dropped: ${(error as Error).message}`,
            ),
          );
        hostChecks
          .forget(change.id)
          .catch((error: unknown) =>
            this.logger.warn(
              `The last check of removed API host [${change.id}] could not be dropped: ${(error as Error).message}`,
            ),
          );
      } else
        hostChecks
          .refresh(change.id)
          .catch((error: unknown) =>
            this.logger.warn(
              `API host [${change.id}] could not be checked: ${(error as Error).message}`,
            ),
          );
    });
    await seedApiHosts(hosts, this.config.hosts, this.logger.get('api-hosts'));
    this.demo = new DemoMode({
      setting: this.config.demo,
      hosts,
      startManagedApi: startBuiltInManagedApi,
      logger: this.logger.get('demo'),
    });
    const demo = await this.demo.start();
    core.startupNotices.add(demo.notice);
    if (!indexer.configured) {
      if (demo.running) await this.startDemoIndexer(core, indexer, sampleData, alertsScope, api);
      else
        this.logger.info(
          'Alerts: no indexer is configured (svc.indexer.hosts or SVC_INDEXER_URL); the alerts views say how to connect one.',
        );
    }

    // Background API initialisation: every host is checked on schedule, and at start unless another
    // instance (or this one before a restart) checked it within one period; nothing here delays the start.
    // The lock keeps a long round from overlapping the next tick's round on another instance.
    const jobs = new JobRunner(this.logger.get('jobs'), core.coordination);
    this.jobs = jobs;
    const checkRound = (round: () => Promise<unknown>) => () =>
      core.coordination.withLock(API_HOST_CHECKS_LOCK, round);
    jobs.start({
      name: 'api-host-checks',
      schedule: this.config.jobs.apiCheckSchedule,
      run: checkRound(async () => {
        if (live().jobs.apiCheckEnabled) await hostChecks.refreshAll();
      }),
    });
    jobs.runNow(
      'api-host-checks',
      checkRound(async () => {
        if (live().jobs.apiCheckEnabled) await hostChecks.refreshStale(apiCheckPeriodMs);
      }),
    );
    jobs.start({
      name: 'queued-requests',
      schedule: this.config.jobs.queueSchedule,
      run: () => queue.runDue(),
    });
    const reports = this.services.reports;
    jobs.start({
      name: 'report-jobs-sweep',
      schedule: this.config.jobs.reportSweepSchedule,
      run: () => reports.sweep(),
    });
    this.startIndexerJobs(jobs, {
      requester: api.asInternalUser,
      managerPin: (apiHostId) => alertsScope.managerPin(apiHostId),
      connection: indexer,
      runs: jobRuns,
      allHostIds: async () => (await hosts.list()).map((host) => host.id),
    });
    jobs.runNow('legacy-reports', () =>
      reports.importLegacy(path.join(dataDir, 'reports'), this.logger.get('reports')),
    );
    // The views' patterns, with their known fields, as the original creates them at start.
    const indexPatterns = this.services.indexPatterns;
    const repository = core.savedObjects.createInternalRepository();
    await Promise.all(
      [
        this.config.indexer.alertsIndexPattern,
        STATISTICS_INDEX_PATTERN,
        MONITORING_INDEX_PATTERN,
      ].map((title) =>
        indexPatterns.ensure(repository, title).then(
          (outcome) =>
            outcome === 'created' && this.logger.info(`Index pattern [${title}] was created.`),
          // The dashboard starts anyway: the health check shows the pattern missing.
          (error: unknown) =>
            this.logger.warn(
              `Index pattern [${title}] could not be checked: ${(error as Error).message}`,
            ),
        ),
      ),
    );
    this.logger.debug('Global configuration loaded.', { configuration: this.globalConfiguration });

    return {
      api: {
        client: {
          asInternalUser: contractRequester(api.asInternalUser),
          asScoped: (request) => ({
            asCurrentUser: contractRequester(api.asUser(core.security.getCurrentUser(request))),
          }),
        },
      },
      hosts: {
        list: async () => (await hosts.list()).map(publicHost),
        get: async (id) => {
          const host = await hosts.get(id);
          return host && publicHost(host);
        },
      },
      jobs: { start: (job) => jobs.start(job) },
    };
  }

  /** The statistics and monitoring jobs, each when enabled; their runs never delay the start. */
  private startIndexerJobs(
    jobs: JobRunner,
    deps: Omit<IndexerJobDeps, 'apiHostIds' | 'logger' | 'maxBulkBytes'> & {
      allHostIds(): Promise<string[]>;
    },
  ): void {
    const { statistics, monitoring, maxBulkBytes } = this.config.jobs;
    const { allHostIds, ...shared } = deps;
    const common = { ...shared, maxBulkBytes, logger: this.logger.get('indexer-jobs') };
    if (statistics.enabled) {
      const apiHostIds = async () =>
        statistics.apiHosts.length > 0 ? statistics.apiHosts : allHostIds();
      jobs.start({
        name: 'statistics',
        schedule: statistics.schedule,
        run: () => runStatisticsJob({ ...common, apiHostIds }),
      });
    }
    if (monitoring.enabled)
      jobs.start({
        name: 'monitoring',
        schedule: monitoring.schedule,
        run: () =>
          runMonitoringJob({ ...common, apiHostIds: allHostIds, pageSize: monitoring.pageSize }),
      });
  }

  /**
   * Demo mode without an indexer: the stand-in on loopback with sample alerts of the demo manager.
   * A failure leaves the dashboard without alerts, as without an indexer, and is logged.
   */
  private async startDemoIndexer(
    core: CoreStart,
    indexer: IndexerConnection,
    sampleData: SampleDataService,
    scope: ManagedApiScopeResolver,
    api: ManagedApiService,
  ): Promise<void> {
    const demoIndexer = new DemoIndexer({
      startStandIn: startBuiltInIndexer,
      opensearch: core.opensearch,
      connection: indexer,
      sampleData,
      target: async () =>
        readSampleTarget(api.asInternalUser, DEMO_HOST_ID, await scope.managerPin(DEMO_HOST_ID)),
      requestTimeoutMs: this.config.indexer.requestTimeoutMs,
      maxResponseBytes: this.config.indexer.maxResponseBytes,
      logger: this.logger.get('demo'),
    });
    this.demoIndexer = demoIndexer;
    try {
      core.startupNotices.add(await demoIndexer.start());
    } catch (error) {
      this.logger.warn(
        `Demo mode: the indexer stand-in could not be started, alerts are not available: ${(error as Error).message}`,
      );
      await demoIndexer.stop();
    }
  }

  async stop(): Promise<void> {
    this.appSettings?.stop();
    this.services?.reports.stop();
    await this.jobs?.stop();
    await this.demoIndexer?.stop();
    await this.demo?.stop();
    await this.services?.uiLogs.close();
    this.transport.close();
  }
}
