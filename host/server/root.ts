/**
 * Starts the whole dashboard: config → logging → saved objects → security → HTTP → plugins setup →
 * saved objects start → plugins start → listen. `stop()` undoes it in reverse: plugins, indexer
 * clients, HTTP server, security, database, logs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type pino from 'pino';
import { loadConfig, type HostConfig } from './config';
import { CORE_OWNER, createCoreContextFactory, HttpService, type HttpServiceConfig } from './http';
import { createLogging, type LoggingSystem } from './logging';
import { OpenSearchService } from './opensearch';
import { createPluginEnv, PluginsService, StartupNotices } from './plugins';
import { registerRendering } from './rendering';
import { createSavedObjectsService } from './saved-objects';
import { createSecurityService, type FirstStartRecord } from './security';
import { registerStatusRoute } from './status';
import { createUiSettingsService } from './ui-settings';
import type { Logger } from './types';

export interface StartServerOptions {
  /** Environment to read `SVC_*` settings from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Values shaped like the YAML file that win over file and environment (tests, embedding). */
  configOverrides?: Record<string, unknown>;
  /** Folder of plugin folders (default `<app root>/plugins`). */
  pluginsDir?: string;
  /** Where JSON log lines go (default stdout). */
  logDestination?: pino.DestinationStream;
  /** Folder relative paths in the configuration are resolved from (default the current one). */
  cwd?: string;
  /** Time limit of each plugin lifecycle phase (default 30 s). */
  lifecycleTimeoutMs?: number;
}

export interface RunningServer {
  /** Base URL including the base path, e.g. `http://127.0.0.1:5601/dash`. */
  url: string;
  port: number;
  basePath: string;
  dataDir: string;
  /** Present when this start created the first admin. */
  firstStart?: FirstStartRecord;
  /** Lines plugins added for the start-up block (`core.startupNotices`). */
  startupNotices: string[];
  logger: Logger;
  /** Stops plugins (reverse order), closes the server, flushes the database and the logs. Idempotent. */
  stop(): Promise<void>;
}

/** Where the app runs from: the repository (sources) or `build/` (compiled), which holds `build-info.json`. */
interface AppLayout {
  root: string;
  dist: boolean;
  publicDir: string;
  version: string;
  buildHash: string;
  buildNumber: number;
}

const BUILD_INFO_FILE = 'build-info.json';

function appLayout(): AppLayout {
  const root = resolve(__dirname, '..', '..');
  const buildInfoFile = join(root, BUILD_INFO_FILE);
  if (existsSync(buildInfoFile)) {
    const info = JSON.parse(readFileSync(buildInfoFile, 'utf8')) as {
      version: string;
      buildHash: string;
      buildNumber: number;
    };
    return {
      root,
      dist: true,
      publicDir: join(root, 'public'),
      version: info.version,
      buildHash: info.buildHash,
      buildNumber: info.buildNumber,
    };
  }
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  return {
    root,
    dist: false,
    publicDir: join(root, 'build', 'public'),
    version,
    buildHash: '',
    buildNumber: 0,
  };
}

/** Services in the order they stop: plugins, indexer clients, the HTTP server, security, the database. */
const STOP_ORDER = ['plugins', 'opensearch', 'http', 'security', 'saved objects'] as const;
type StoppableService = (typeof STOP_ORDER)[number];

/**
 * Stops whatever has started, each service once and in `STOP_ORDER`, then flushes the logs. A failing
 * step is logged, not thrown, so every other service still gets its turn.
 */
function createStopper(logger: Logger, logging: LoggingSystem) {
  const steps = new Map<StoppableService, () => Promise<void>>();
  let stopping: Promise<void> | undefined;
  return {
    add(service: StoppableService, step: () => Promise<void>) {
      steps.set(service, step);
    },
    stop(): Promise<void> {
      stopping ??= (async () => {
        for (const service of STOP_ORDER) {
          try {
            await steps.get(service)?.();
          } catch (error) {
            logger.error(error as Error, { stopping: service });
          }
        }
        logger.info('Server stopped');
        await logging.flush();
      })();
      return stopping;
    },
  };
}

/** The HTTP service's settings; the TLS files are read here so a bad path stops the start with its name. */
function httpServiceConfig(server: HostConfig['server']): HttpServiceConfig {
  const { tls, maxBodyDepth, maxBodyValues, trustProxy, ...rest } = server;
  const read = (path: string) => readFileSync(path);
  return {
    ...rest,
    name: hostname(),
    bodyShape: { maxDepth: maxBodyDepth, maxValues: maxBodyValues },
    trustProxy,
    ...(tls.certFile !== undefined &&
      tls.keyFile !== undefined && {
        tls: {
          cert: read(tls.certFile),
          key: read(tls.keyFile),
          ...(tls.caFile !== undefined && { ca: read(tls.caFile) }),
        },
      }),
  };
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const config: HostConfig = loadConfig({
    env: options.env,
    cwd: options.cwd,
    overrides: options.configOverrides,
  });
  const logging = createLogging({
    level: config.logging.level,
    destination: options.logDestination,
  });
  const loggers = logging.factory;
  const logger = loggers.get('server');
  const stopper = createStopper(logger, logging);
  for (const warning of config.deprecationWarnings) loggers.get('config').warn(warning);
  try {
    const layout = appLayout();
    const dataDir = config.data.dir;
    const savedObjects = createSavedObjectsService({
      dataDir,
      url: config.savedObjects.url,
      encryptionKey: config.encryptionKey,
      logger: loggers.get('savedobjects-service'),
    });
    const security = createSecurityService({
      savedObjects: { setup: savedObjects.setup, coordination: savedObjects.coordination },
      config: {
        basePath: config.server.basePath,
        adminPassword: config.security.adminPassword,
        session: config.security.session,
        loginThrottle: config.security.loginThrottle,
        passwordChecks: config.security.passwordChecks,
      },
      logger: loggers.get('security'),
      dataDir,
    });
    const uiSettings = createUiSettingsService({
      logger: loggers.get('ui-settings'),
      savedObjects: savedObjects.setup,
    });
    const http = new HttpService(httpServiceConfig(config.server), loggers.get('http'));
    const httpSetup = http.setup();
    httpSetup.registerAuth((headers, clientAddress) =>
      security.authenticate(headers, clientAddress),
    );
    security.setup();
    const coreRouter = httpSetup.createRouter(CORE_OWNER);
    security.registerRoutes(coreRouter);
    uiSettings.registerRoutes(coreRouter);

    const env = await createPluginEnv({ dataDir, version: layout.version, dist: layout.dist });
    const plugins = new PluginsService({
      pluginsDir: options.pluginsDir ?? join(layout.root, 'plugins'),
      hostVersion: layout.version,
      env,
      loggers,
      pluginConfig: config.plugins,
      dataDir,
      encryptionKey: config.encryptionKey,
      lifecycleTimeoutMs: options.lifecycleTimeoutMs,
    });
    await plugins.discover();
    registerStatusRoute(coreRouter, {
      name: hostname(),
      uuid: env.instanceUuid,
      version: {
        number: layout.version,
        build_hash: layout.buildHash,
        build_number: layout.buildNumber,
        build_snapshot: !layout.dist,
      },
      pluginStatuses: () => plugins.statuses(),
    });
    registerRendering(httpSetup, {
      owner: CORE_OWNER,
      version: layout.version,
      mode: env.mode.name,
      getUiPlugins: () => plugins.uiPlugins(),
      publicDir: layout.publicDir,
    });
    const securityContract = { getCurrentUser: security.getCurrentUser };
    stopper.add('plugins', () => plugins.stop());
    await plugins.setup({
      http: httpSetup,
      savedObjects: savedObjects.setup,
      uiSettings: uiSettings.setup,
      security: securityContract,
    });

    const savedObjectsStart = await savedObjects.start();
    stopper.add('saved objects', () => savedObjects.stop());
    const { firstStart } = await security.start({ savedObjects: savedObjectsStart });
    stopper.add('security', () => security.stop());
    const uiSettingsStart = uiSettings.start();
    const httpStart = await http.start({
      coreContext: createCoreContextFactory({
        savedObjects: savedObjectsStart,
        uiSettings: uiSettingsStart,
        getCurrentUser: security.getCurrentUser,
      }),
    });
    stopper.add('http', () => http.stop());
    const startupNotices = new StartupNotices(logger);
    const opensearch = new OpenSearchService(loggers.get('opensearch'));
    stopper.add('opensearch', () => opensearch.stop());
    await plugins.start({
      http: httpStart,
      savedObjects: savedObjectsStart,
      uiSettings: uiSettingsStart,
      security: { ...securityContract, getUser: (username) => security.users.get(username) },
      coordination: savedObjects.coordination,
      startupNotices: startupNotices.contract,
      opensearch: opensearch.start(),
    });
    const { url, port } = await http.listen();
    logger.info(`Server running at ${url}`);
    return {
      url,
      port,
      basePath: config.server.basePath,
      dataDir,
      firstStart,
      startupNotices: startupNotices.take(),
      logger,
      stop: () => stopper.stop(),
    };
  } catch (error) {
    logger.fatal(error as Error);
    await stopper.stop();
    throw error;
  }
}
