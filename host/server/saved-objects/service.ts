/**
 * The saved-objects service of the host: type registration during setup, then clients over one
 * document store chosen from the configuration (SQLite file in the data folder by default,
 * PostgreSQL when `SVC_SAVED_OBJECTS_URL` is a postgres:// URL), and the coordination that goes
 * with that store.
 */
import path from 'node:path';
import type {
  ISavedObjectsRepository,
  Logger,
  OsdRequest,
  SavedObjectsClientContract,
  SavedObjectsServiceSetup,
  SavedObjectsServiceStart,
} from '../types';
import { InProcessCoordination, type InternalCoordination } from './coordination';
import { SavedObjectsRepository } from './repository';
import { SQLITE_FILE_NAME, SqliteSavedObjectsStore } from './store/sqlite-store';
import type { SavedObjectsStore } from './store/types';
import { TypeRegistry } from './type-registry';

export interface SavedObjectsServiceOptions {
  /** `SVC_DATA_DIR`: where the SQLite file lives. */
  dataDir: string;
  /** `SVC_SAVED_OBJECTS_URL`; empty or absent means the SQLite file. */
  url?: string;
  logger: Logger;
  /**
   * `SVC_ENCRYPTION_KEY`. Only checked for presence: instances sharing a database need the same
   * key for the API host passwords they store, which a per-instance key file cannot give.
   */
  encryptionKey?: string;
  /** Clock for `updated_at` (tests). */
  now?: () => Date;
}

export interface SavedObjectsService {
  setup: SavedObjectsServiceSetup;
  /** Locks the type registry and opens the store. */
  start(): Promise<SavedObjectsServiceStart>;
  coordination: InternalCoordination;
  /** Closes the store (flushing the SQLite write-ahead log). */
  stop(): Promise<void>;
}

/** Where documents live and how instances using them coordinate. */
interface StorageBackend {
  coordination: InternalCoordination;
  open(): Promise<SavedObjectsStore>;
}

const POSTGRES_SCHEMES = new Set(['postgres', 'postgresql']);

function sqliteBackend(options: SavedObjectsServiceOptions): StorageBackend {
  return {
    coordination: new InProcessCoordination(),
    async open() {
      options.logger.info(
        `Saved objects are stored in ${path.join(options.dataDir, SQLITE_FILE_NAME)}`,
      );
      return SqliteSavedObjectsStore.open(options.dataDir);
    },
  };
}

/** Loaded only for a postgres:// URL: `pg` and the PostgreSQL store would otherwise add to every start. */
function loadPostgresModules() {
  const { PostgresDatabase } =
    require('./postgres/database') as typeof import('./postgres/database');
  const { PostgresCoordination } =
    require('./postgres/postgres-coordination') as typeof import('./postgres/postgres-coordination');
  const { PostgresSavedObjectsStore } =
    require('./postgres/postgres-store') as typeof import('./postgres/postgres-store');
  return { PostgresDatabase, PostgresCoordination, PostgresSavedObjectsStore };
}

function postgresBackend(options: SavedObjectsServiceOptions, url: string): StorageBackend {
  const { PostgresDatabase, PostgresCoordination, PostgresSavedObjectsStore } =
    loadPostgresModules();
  const { logger } = options;
  const database = new PostgresDatabase({ url, logger });
  return {
    coordination: new PostgresCoordination(database, logger),
    async open() {
      if (!options.encryptionKey) {
        logger.warn(
          'SVC_ENCRYPTION_KEY is not set: each instance sharing this database encrypts API host passwords with a key file of its own, so a host stored by one instance cannot be used by another. Give every instance the same SVC_ENCRYPTION_KEY.',
        );
      }
      try {
        const store = await PostgresSavedObjectsStore.open(database, logger);
        logger.info(`Saved objects are stored in PostgreSQL at ${database.description}`);
        return store;
      } catch (error) {
        await database.close();
        throw error;
      }
    },
  };
}

function selectBackend(options: SavedObjectsServiceOptions): StorageBackend {
  const url = options.url?.trim();
  if (!url) return sqliteBackend(options);
  const scheme = url.split(':')[0].toLowerCase();
  if (POSTGRES_SCHEMES.has(scheme)) return postgresBackend(options, url);
  throw new Error(
    `SVC_SAVED_OBJECTS_URL with scheme [${scheme}] is not supported: use a postgres:// URL, or leave it empty to use the SQLite file in the data folder.`,
  );
}

export function createSavedObjectsService(
  options: SavedObjectsServiceOptions,
): SavedObjectsService {
  const registry = new TypeRegistry();
  const backend = selectBackend(options);
  let starting = false;
  let store: SavedObjectsStore | undefined;

  function allowedTypes(includedHiddenTypes: readonly string[] = []): Set<string> {
    const missing = includedHiddenTypes.filter((type) => !registry.getType(type));
    if (missing.length > 0)
      throw new Error(`Missing mappings for saved objects types: '${missing.join(', ')}'`);
    const visible = registry
      .getAllTypes()
      .filter((type) => !type.hidden)
      .map((type) => type.name);
    return new Set([...visible, ...includedHiddenTypes]);
  }

  function createRepository(
    documentStore: SavedObjectsStore,
    includedHiddenTypes?: readonly string[],
  ): SavedObjectsRepository {
    return new SavedObjectsRepository({
      store: documentStore,
      registry,
      allowedTypes: allowedTypes(includedHiddenTypes),
      now: options.now,
    });
  }

  return {
    setup: { registerType: (type) => registry.registerType(type) },
    coordination: backend.coordination,
    async start() {
      if (starting) throw new Error('The saved-objects service is already started.');
      starting = true;
      registry.lock();
      const opened = await backend.open();
      store = opened;
      return {
        // Every dashboard user sees the same objects (no spaces or tenants); the request does not narrow them.
        getScopedClient: (
          _request: OsdRequest,
          scoped?: { includedHiddenTypes?: string[] },
        ): SavedObjectsClientContract => createRepository(opened, scoped?.includedHiddenTypes),
        createInternalRepository: (includedHiddenTypes?: string[]): ISavedObjectsRepository =>
          createRepository(opened, includedHiddenTypes),
        getTypeRegistry: () => registry,
      };
    },
    async stop() {
      await store?.close();
    },
  };
}
