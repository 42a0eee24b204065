/**
 * The saved-objects service of the host: type registration during setup, then clients over one
 * document store chosen from the configuration (SQLite file in the data folder by default).
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

function openStore(options: SavedObjectsServiceOptions): SavedObjectsStore {
  const url = options.url?.trim();
  if (!url) {
    options.logger.info(
      `Saved objects are stored in ${path.join(options.dataDir, SQLITE_FILE_NAME)}`,
    );
    return SqliteSavedObjectsStore.open(options.dataDir);
  }
  const scheme = url.split(':')[0];
  throw new Error(
    `SVC_SAVED_OBJECTS_URL with scheme [${scheme}] is not supported by this build; leave it empty to use the SQLite file in the data folder.`,
  );
}

export function createSavedObjectsService(
  options: SavedObjectsServiceOptions,
): SavedObjectsService {
  const registry = new TypeRegistry();
  const coordination = new InProcessCoordination();
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
    coordination,
    async start() {
      if (store) throw new Error('The saved-objects service is already started.');
      registry.lock();
      const opened = openStore(options);
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
