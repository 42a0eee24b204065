/**
 * The stored API hosts: a hidden saved-object type whose id is the host id. Passwords are encrypted
 * before they are written and only decrypted when a login needs them; nothing this store returns to
 * a route carries a password. Edits use the saved object's version, so concurrent edits never mix:
 * a stale version is a conflict.
 */
import { LRUCache } from 'lru-cache';
import {
  SavedObjectsErrorHelpers,
  type ISavedObjectsRepository,
  type SavedObject,
} from '@host/server/types';
import {
  API_HOST_SAVED_OBJECT_TYPE,
  type ApiHost,
  type ApiHostInput,
} from '../../../common/api-hosts';
import {
  apiHostIdProblem,
  hostUrlProblem,
  normalizeHostUrl,
  passwordProblem,
  portProblem,
  usernameProblem,
} from '../../../common/api-host-rules';
import { StoredCredentialsError } from '../managed-api/errors';
import type { ApiHostResolver, ResolvedApiHost } from '../managed-api/managed-api-service';
import { DEFAULT_CA_FILE_MAX_BYTES, readCaFile } from './ca-file';
import { ApiHostConflictError } from './errors';
import { ApiHostNotFoundError } from '../managed-api/errors';
import { RequestFieldError } from '../request-field-error';
import { SecretDecryptionError, type SecretCipher } from '../secrets/secret-cipher';

/** What is stored for a host (the saved object's id is the host id). */
export interface ApiHostAttributes {
  url: string;
  port: number;
  username: string;
  password_encrypted: string;
  run_as: boolean;
  tls_verify: boolean;
  ca_file?: string | null;
  demo?: boolean;
}

/** A host as routes see it, with the version to send back when editing it. */
export interface StoredApiHost extends ApiHost {
  version: string;
}

/** Fields of an edit; absent fields keep their value, `ca_file: null` removes the CA file. */
export interface ApiHostUpdate {
  url?: string;
  port?: number;
  username?: string;
  password?: string;
  run_as?: boolean;
  tls_verify?: boolean;
  ca_file?: string | null;
}

/** A complete entry about to be validated and stored. */
type HostEntryDraft = Required<
  Pick<ApiHostUpdate, 'url' | 'port' | 'username' | 'run_as' | 'tls_verify'>
> &
  Pick<ApiHostUpdate, 'password' | 'ca_file'>;

export type ApiHostChange = { kind: 'created' | 'updated' | 'deleted'; id: string };

const PAGE_SIZE = 1000;
/**
 * How long a host read for a request is reused. Every proxied request needs its host; re-reading it
 * from the database each time costs more than the rest of the proxy. Edits made on this instance
 * drop it at once; an edit made on another instance sharing the database shows within this time.
 */
const RESOLVE_CACHE_MS = 1000;
/** An edit without a version is retried this often when another edit lands in between. */
const UNVERSIONED_EDIT_ATTEMPTS = 5;

/** Binds a stored password to its host, so a password copied onto another host does not decrypt. */
function passwordSubject(apiHostId: string): string {
  return `svc-api-host:${apiHostId}`;
}

function undecryptablePassword(apiHostId: string, error: SecretDecryptionError): string {
  return error.reason === 'format'
    ? `The stored password of API host [${apiHostId}] is not in a known format.`
    : `The stored password of API host [${apiHostId}] cannot be decrypted: the encryption key (SVC_ENCRYPTION_KEY or the key file in the data folder) is not the one it was saved with. Save the host's password again.`;
}

function check(field: string, problem: string | undefined): void {
  if (problem) throw new RequestFieldError(field, problem);
}

export class ApiHostStore implements ApiHostResolver {
  private readonly listeners = new Set<(change: ApiHostChange) => void>();
  private readonly recent = new LRUCache<string, ResolvedApiHost>({
    max: 10_000,
    ttl: RESOLVE_CACHE_MS,
  });

  constructor(
    private readonly repository: ISavedObjectsRepository,
    private readonly cipher: SecretCipher,
    private readonly caFileMaxBytes = DEFAULT_CA_FILE_MAX_BYTES,
  ) {}

  /** Called after every successful write (token caches and host checks follow it). */
  onChange(listener: (change: ApiHostChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: ApiHostChange): void {
    this.recent.delete(change.id);
    for (const listener of this.listeners) listener(change);
  }

  private toHost(object: SavedObject<ApiHostAttributes>): StoredApiHost {
    const { url, port, username, run_as, tls_verify, ca_file, demo } = object.attributes;
    return {
      id: object.id,
      url,
      port,
      username,
      run_as,
      tls_verify,
      ...(ca_file ? { ca_file } : {}),
      ...(demo ? { demo: true } : {}),
      version: object.version ?? '',
    };
  }

  private async find(id: string): Promise<SavedObject<ApiHostAttributes> | undefined> {
    try {
      return await this.repository.get<ApiHostAttributes>(API_HOST_SAVED_OBJECT_TYPE, id);
    } catch (error) {
      if (SavedObjectsErrorHelpers.isNotFoundError(error)) return undefined;
      throw error;
    }
  }

  async list(): Promise<StoredApiHost[]> {
    const hosts: StoredApiHost[] = [];
    for (let page = 1; ; page += 1) {
      const result = await this.repository.find<ApiHostAttributes>({
        type: API_HOST_SAVED_OBJECT_TYPE,
        page,
        perPage: PAGE_SIZE,
        sortField: 'id',
        sortOrder: 'asc',
      });
      hosts.push(...result.saved_objects.map((object) => this.toHost(object)));
      if (result.saved_objects.length < PAGE_SIZE || hosts.length >= result.total) break;
    }
    return hosts.sort((a, b) => a.id.localeCompare(b.id));
  }

  async get(id: string): Promise<StoredApiHost | undefined> {
    const object = await this.find(id);
    return object && this.toHost(object);
  }

  /** The host as calls need it: made once per read from the database and shared meanwhile. */
  async resolve(id: string): Promise<ResolvedApiHost | undefined> {
    const cached = this.recent.get(id);
    if (cached) return cached;
    const object = await this.find(id);
    if (!object) return undefined;
    const encrypted = object.attributes.password_encrypted;
    const host: ResolvedApiHost = Object.freeze({
      ...this.toHost(object),
      readPassword: () => {
        try {
          return this.cipher.decrypt(passwordSubject(id), encrypted);
        } catch (error) {
          if (error instanceof SecretDecryptionError)
            throw new StoredCredentialsError(undecryptablePassword(id, error), id);
          throw error;
        }
      },
    });
    this.recent.set(id, host);
    return host;
  }

  async create(
    input: ApiHostInput & { password: string },
    options: { demo?: boolean } = {},
  ): Promise<StoredApiHost> {
    check('id', apiHostIdProblem(input.id));
    const attributes = await this.attributesFor(
      input.id,
      { ...input, tls_verify: input.tls_verify ?? true },
      undefined,
    );
    try {
      const created = await this.repository.create<ApiHostAttributes>(
        API_HOST_SAVED_OBJECT_TYPE,
        { ...attributes, ...(options.demo ? { demo: true } : {}) },
        { id: input.id },
      );
      this.emit({ kind: 'created', id: input.id });
      return this.toHost(created);
    } catch (error) {
      if (SavedObjectsErrorHelpers.isConflictError(error))
        throw new ApiHostConflictError(`API host [${input.id}] already exists.`);
      throw error;
    }
  }

  /**
   * Applies an edit. With `version` (what the caller read), a concurrent change makes it fail with a
   * conflict; without it, the edit is re-applied on top of the newest entry.
   */
  async update(
    id: string,
    changes: ApiHostUpdate,
    options: { version?: string } = {},
  ): Promise<StoredApiHost> {
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.find(id);
      if (!current) throw new ApiHostNotFoundError(id);
      const version = options.version ?? current.version;
      if (version !== current.version)
        throw new ApiHostConflictError(
          `API host [${id}] was changed by someone else; reload it and edit again.`,
        );
      const given = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as ApiHostUpdate;
      const attributes = await this.attributesFor(
        id,
        { ...this.toHost(current), ...given },
        current.attributes,
      );
      try {
        await this.repository.update<ApiHostAttributes>(
          API_HOST_SAVED_OBJECT_TYPE,
          id,
          attributes,
          { version },
        );
        this.emit({ kind: 'updated', id });
        return (await this.get(id)) as StoredApiHost;
      } catch (error) {
        if (SavedObjectsErrorHelpers.isNotFoundError(error)) throw new ApiHostNotFoundError(id);
        if (!SavedObjectsErrorHelpers.isConflictError(error)) throw error;
        if (options.version !== undefined || attempt >= UNVERSIONED_EDIT_ATTEMPTS) {
          throw new ApiHostConflictError(
            `API host [${id}] was changed by someone else; reload it and edit again.`,
          );
        }
      }
    }
  }

  async delete(id: string): Promise<void> {
    try {
      await this.repository.delete(API_HOST_SAVED_OBJECT_TYPE, id);
    } catch (error) {
      if (SavedObjectsErrorHelpers.isNotFoundError(error)) throw new ApiHostNotFoundError(id);
      throw error;
    }
    this.emit({ kind: 'deleted', id });
  }

  /** Validates a complete entry and encrypts its password (or keeps the stored one). */
  private async attributesFor(
    id: string,
    entry: HostEntryDraft,
    stored: ApiHostAttributes | undefined,
  ): Promise<ApiHostAttributes> {
    check('url', hostUrlProblem(entry.url));
    check('port', portProblem(entry.port));
    check('username', usernameProblem(entry.username));
    if (entry.password !== undefined) check('password', passwordProblem(entry.password));
    else if (!stored) throw new RequestFieldError('password', 'is required for a new host');
    if (entry.ca_file) await readCaFile(entry.ca_file, this.caFileMaxBytes);
    return {
      url: normalizeHostUrl(entry.url),
      port: entry.port,
      username: entry.username,
      password_encrypted:
        entry.password !== undefined
          ? this.cipher.encrypt(passwordSubject(id), entry.password)
          : (stored as ApiHostAttributes).password_encrypted,
      run_as: entry.run_as,
      tls_verify: entry.tls_verify,
      ca_file: entry.ca_file ? entry.ca_file : null,
      ...(stored?.demo ? { demo: true } : {}),
    };
  }
}
