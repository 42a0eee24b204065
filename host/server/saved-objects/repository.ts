/**
 * The saved-objects client: OSD semantics (namespaces per namespace type, hidden types, version
 * tokens, partial updates, find) mapped onto the raw document store.
 */
import { randomUUID } from 'node:crypto';
import type {
  SavedObject,
  SavedObjectReference,
  SavedObjectsBaseOptions,
  SavedObjectsBulkGetObject,
  SavedObjectsClientContract,
  SavedObjectsClientError,
  SavedObjectsCreateOptions,
  SavedObjectsDeleteOptions,
  SavedObjectsFindOptions,
  SavedObjectsFindResponse,
  SavedObjectsUpdateOptions,
  SavedObjectsUpdateResponse,
  SavedObjectTypeRegistry,
} from '../types';
import { savedObjectsErrors, toItemError } from '../errors';
import { parseSearch } from './store/search';
import type {
  DocumentKey,
  DocumentVersion,
  NewDocument,
  SavedObjectsStore,
  SortField,
  StoredDocument,
  TypeScope,
} from './store/types';
import { decodeVersion, encodeVersion } from './version';

const DEFAULT_NAMESPACE = 'default';
const FIND_DEFAULT_PAGE = 1;
const FIND_DEFAULT_PER_PAGE = 20;
/** The most results one find may page through (OpenSearch's default max_result_window). */
const FIND_MAX_WINDOW = 10_000;
/** Attempts of an unversioned delete of a shared object that keeps changing under it. */
const MAX_DELETE_ATTEMPTS = 10;
const ROOT_SORT_FIELDS = new Set(['id', 'type', 'updated_at']);
const FIELD_PATH = /^[A-Za-z0-9_@$-]+(\.[A-Za-z0-9_@$-]+)*$/;

export interface RepositoryOptions {
  store: SavedObjectsStore;
  registry: SavedObjectTypeRegistry;
  /** Types this client may touch: every visible registered type plus the hidden types it was given. */
  allowedTypes: ReadonlySet<string>;
  now?: () => Date;
}

const errors = savedObjectsErrors;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Plain objects merge key by key; arrays and everything else replace (OSD's partial update). */
function deepMerge(
  target: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    merged[key] =
      isPlainObject(value) && isPlainObject(target[key]) ? deepMerge(target[key], value) : value;
  }
  return merged;
}

/** Attributes as they will be stored: JSON values only, so what a caller gets back equals what is stored. */
function toStoredAttributes(attributes: unknown): Record<string, unknown> {
  if (!isPlainObject(attributes))
    throw errors.createBadRequestError('"attributes" must be an object');
  return JSON.parse(JSON.stringify(attributes));
}

/** NUL cannot be stored as text by every store (PostgreSQL refuses it), so no key or reference may hold one. */
function isKeyText(value: unknown): value is string {
  return typeof value === 'string' && !value.includes('\0');
}

function validateReferences(references: unknown): SavedObjectReference[] {
  const valid =
    Array.isArray(references) &&
    references.every(
      (ref) => isPlainObject(ref) && ['name', 'type', 'id'].every((key) => isKeyText(ref[key])),
    );
  if (!valid)
    throw errors.createBadRequestError('"references" must be an array of {name, type, id}');
  return (references as SavedObjectReference[]).map(({ name, type, id }) => ({ name, type, id }));
}

function validateId(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0)
    throw errors.createBadRequestError('"id" must be a non-empty string');
  if (!isKeyText(id)) throw errors.createBadRequestError('"id" must not contain NUL characters');
  return id;
}

function normalizeNamespace(namespace: string | undefined): string {
  if (namespace === '*') throw errors.createBadRequestError('"options.namespace" cannot be "*"');
  return namespace || DEFAULT_NAMESPACE;
}

function pickFields(
  attributes: Record<string, unknown>,
  fields: string[] | undefined,
): Record<string, unknown> {
  if (!fields) return attributes;
  return Object.fromEntries(
    fields.filter((field) => field in attributes).map((field) => [field, attributes[field]]),
  );
}

function versionOf(document: StoredDocument): DocumentVersion {
  return { seqNo: document.seqNo, primaryTerm: document.primaryTerm };
}

function validatePositiveInteger(value: unknown, name: string, min: number): number {
  if (!Number.isSafeInteger(value) || (value as number) < min) {
    throw errors.createBadRequestError(`options.${name} must be an integer of at least ${min}`);
  }
  return value as number;
}

function validateFieldPath(field: string, option: string): string {
  if (!FIELD_PATH.test(field))
    throw errors.createBadRequestError(`options.${option} [${field}] is not a valid field name`);
  return field;
}

export class SavedObjectsRepository implements SavedObjectsClientContract {
  readonly errors = savedObjectsErrors;
  private readonly store: SavedObjectsStore;
  private readonly registry: SavedObjectTypeRegistry;
  private readonly allowedTypes: ReadonlySet<string>;
  private readonly now: () => Date;

  constructor(options: RepositoryOptions) {
    this.store = options.store;
    this.registry = options.registry;
    this.allowedTypes = options.allowedTypes;
    this.now = options.now ?? (() => new Date());
  }

  // ------------------------------------------------------------ namespaces

  private key(type: string, id: string, namespace: string): DocumentKey {
    return { type, id, namespace: this.registry.isSingleNamespace(type) ? namespace : '' };
  }

  /** Whether a stored document is visible from `namespace`. */
  private isVisible(document: StoredDocument, namespace: string): boolean {
    if (!this.registry.isMultiNamespace(document.type)) return true;
    return (document.namespaces ?? []).some((ns) => ns === namespace || ns === '*');
  }

  private resultNamespaces(document: StoredDocument, namespace: string): string[] {
    if (this.registry.isNamespaceAgnostic(document.type)) return [];
    if (this.registry.isMultiNamespace(document.type)) return document.namespaces ?? [];
    return [document.namespace || namespace];
  }

  private toSavedObject<T>(
    document: StoredDocument,
    namespace: string,
    fields?: string[],
  ): SavedObject<T> {
    return {
      id: document.id,
      type: document.type,
      attributes: pickFields(document.attributes, fields) as T,
      references: document.references,
      version: encodeVersion(versionOf(document)),
      updated_at: document.updatedAt,
      namespaces: this.resultNamespaces(document, namespace),
    };
  }

  private async getVisible(type: string, id: string, namespace: string): Promise<StoredDocument> {
    if (!this.allowedTypes.has(type)) throw errors.createGenericNotFoundError(type, id);
    const document = await this.store.get(this.key(type, id, namespace));
    if (!document || !this.isVisible(document, namespace))
      throw errors.createGenericNotFoundError(type, id);
    return document;
  }

  // ------------------------------------------------------------ create

  async create<T = unknown>(
    type: string,
    attributes: T,
    options: SavedObjectsCreateOptions = {},
  ): Promise<SavedObject<T>> {
    if (!this.allowedTypes.has(type)) throw errors.createUnsupportedTypeError(type);
    const namespace = normalizeNamespace(options.namespace);
    const expected = options.version === undefined ? undefined : decodeVersion(options.version);
    const id = options.id === undefined ? randomUUID() : validateId(options.id);
    const document: NewDocument = {
      ...this.key(type, id, namespace),
      attributes: toStoredAttributes(attributes),
      references: validateReferences(options.references ?? []),
      namespaces: this.initialNamespaces(type, namespace, options.initialNamespaces),
      updatedAt: this.now().toISOString(),
    };
    const stored = options.overwrite
      ? await this.overwrite(document, namespace, expected, options.initialNamespaces)
      : await this.store.insert(document);
    if (!stored) throw errors.createConflictError(type, id);
    return this.toSavedObject<T>(stored, namespace);
  }

  private initialNamespaces(
    type: string,
    namespace: string,
    initial: string[] | undefined,
  ): string[] | null {
    if (initial !== undefined) {
      if (!this.registry.isMultiNamespace(type)) {
        throw errors.createBadRequestError(
          '"initialNamespaces" can only be used on multi-namespace types',
        );
      }
      if (
        !Array.isArray(initial) ||
        initial.length === 0 ||
        !initial.every((ns) => typeof ns === 'string' && ns)
      ) {
        throw errors.createBadRequestError(
          '"initialNamespaces" must be a non-empty array of strings',
        );
      }
      return [...initial];
    }
    return this.registry.isMultiNamespace(type) ? [namespace] : null;
  }

  /** Overwrite: a versioned replace, or an upsert; a shared object from another namespace is a conflict. */
  private async overwrite(
    document: NewDocument,
    namespace: string,
    expected: DocumentVersion | undefined,
    initialNamespaces: string[] | undefined,
  ): Promise<StoredDocument | undefined> {
    if (expected) {
      const result = await this.store.replace(document, expected);
      return result.status === 'ok' ? result.document : undefined;
    }
    if (!this.registry.isMultiNamespace(document.type)) return this.store.upsert(document);
    const existing = await this.store.get(document);
    if (!existing) return this.store.insert(document);
    if (!this.isVisible(existing, namespace)) return undefined;
    const result = await this.store.replace(
      { ...document, namespaces: initialNamespaces ?? existing.namespaces },
      versionOf(existing),
    );
    return result.status === 'ok' ? result.document : undefined;
  }

  async bulkCreate<T = unknown>(
    objects: Array<{
      type: string;
      id?: string;
      attributes: T;
      references?: SavedObjectReference[];
      version?: string;
    }>,
    options: SavedObjectsBaseOptions & { overwrite?: boolean } = {},
  ): Promise<{ saved_objects: Array<SavedObject<T>> }> {
    const saved: Array<SavedObject<T>> = [];
    for (const object of objects) {
      saved.push(
        await this.perItem(object.type, object.id ?? '', () =>
          this.create(object.type, object.attributes, {
            id: object.id,
            references: object.references,
            version: object.version,
            overwrite: options.overwrite,
            namespace: options.namespace,
          }),
        ),
      );
    }
    return { saved_objects: saved };
  }

  /** Runs one item of a bulk call; a saved-object error becomes the item's `error` instead of failing the call. */
  private async perItem<T>(
    type: string,
    id: string,
    operation: () => Promise<SavedObject<T>>,
  ): Promise<SavedObject<T>> {
    try {
      return await operation();
    } catch (error) {
      if (!errors.isSavedObjectsClientError(error)) throw error;
      return { id, type, error: toItemError(error as SavedObjectsClientError) } as SavedObject<T>;
    }
  }

  // ------------------------------------------------------------ read

  async get<T = unknown>(
    type: string,
    id: string,
    options: SavedObjectsBaseOptions = {},
  ): Promise<SavedObject<T>> {
    const namespace = normalizeNamespace(options.namespace);
    return this.toSavedObject<T>(await this.getVisible(type, id, namespace), namespace);
  }

  async bulkGet<T = unknown>(
    objects: SavedObjectsBulkGetObject[],
    options: SavedObjectsBaseOptions = {},
  ): Promise<{ saved_objects: Array<SavedObject<T>> }> {
    const namespace = normalizeNamespace(options.namespace);
    const allowed = objects.filter((object) => this.allowedTypes.has(object.type));
    const documents = await this.store.bulkGet(
      allowed.map((object) => this.key(object.type, object.id, namespace)),
    );
    const byObject = new Map(allowed.map((object, index) => [object, documents[index]]));
    const saved = objects.map((object): SavedObject<T> => {
      const { type, id } = object;
      if (!this.allowedTypes.has(type))
        return {
          id,
          type,
          error: toItemError(errors.createUnsupportedTypeError(type)),
        } as SavedObject<T>;
      const document = byObject.get(object);
      if (!document || !this.isVisible(document, namespace)) {
        return {
          id,
          type,
          error: toItemError(errors.createGenericNotFoundError(type, id)),
        } as SavedObject<T>;
      }
      return this.toSavedObject<T>(document, namespace, object.fields);
    });
    return { saved_objects: saved };
  }

  // ------------------------------------------------------------ update and delete

  async update<T = unknown>(
    type: string,
    id: string,
    attributes: Partial<T>,
    options: SavedObjectsUpdateOptions = {},
  ): Promise<SavedObjectsUpdateResponse<T>> {
    const namespace = normalizeNamespace(options.namespace);
    const expected = options.version === undefined ? undefined : decodeVersion(options.version);
    const patch = toStoredAttributes(attributes);
    const references =
      options.references === undefined ? undefined : validateReferences(options.references);
    if (!this.allowedTypes.has(type)) throw errors.createGenericNotFoundError(type, id);
    const result = await this.store.modify(
      this.key(type, id, namespace),
      (current) => {
        if (!this.isVisible(current, namespace)) throw errors.createGenericNotFoundError(type, id);
        return {
          attributes: deepMerge(current.attributes, patch),
          references: references ?? current.references,
          namespaces: current.namespaces,
          updatedAt: this.now().toISOString(),
        };
      },
      expected,
    );
    if (result.status === 'not_found') throw errors.createGenericNotFoundError(type, id);
    if (result.status === 'conflict') throw errors.createConflictError(type, id);
    const { version, updated_at, namespaces } = this.toSavedObject(result.document, namespace);
    return {
      id,
      type,
      version,
      updated_at,
      namespaces,
      references,
      attributes: patch as Partial<T>,
    };
  }

  async delete(
    type: string,
    id: string,
    options: SavedObjectsDeleteOptions = {},
  ): Promise<Record<string, never>> {
    const namespace = normalizeNamespace(options.namespace);
    for (let attempt = 0; attempt < MAX_DELETE_ATTEMPTS; attempt += 1) {
      const current = await this.getVisible(type, id, namespace);
      const shared = current.namespaces ?? [];
      if (
        this.registry.isMultiNamespace(type) &&
        !options.force &&
        (shared.length > 1 || shared.includes('*'))
      ) {
        throw errors.createBadRequestError(
          'Unable to delete saved object that exists in multiple namespaces, use the "force" option to delete it anyway',
        );
      }
      const result = await this.store.delete(current, versionOf(current));
      if (result.status === 'ok') return {};
      if (result.status === 'not_found') throw errors.createGenericNotFoundError(type, id);
    }
    throw errors.createConflictError(type, id);
  }

  // ------------------------------------------------------------ find

  async find<T = unknown>(options: SavedObjectsFindOptions): Promise<SavedObjectsFindResponse<T>> {
    const types = this.findTypes(options.type);
    if (options.fields !== undefined && !Array.isArray(options.fields))
      throw errors.createBadRequestError('options.fields must be an array');
    if (options.searchFields !== undefined && !Array.isArray(options.searchFields)) {
      throw errors.createBadRequestError('options.searchFields must be an array');
    }
    const page = validatePositiveInteger(options.page ?? FIND_DEFAULT_PAGE, 'page', 1);
    const perPage = validatePositiveInteger(options.perPage ?? FIND_DEFAULT_PER_PAGE, 'perPage', 0);
    if (page * perPage > FIND_MAX_WINDOW) {
      throw errors.createBadRequestError(
        `options.page * options.perPage must not exceed ${FIND_MAX_WINDOW}`,
      );
    }
    const namespaces = this.findNamespaces(options);
    if (options.search !== undefined && typeof options.search !== 'string') {
      throw errors.createBadRequestError('options.search must be a string');
    }
    const terms = options.search ? parseSearch(options.search) : [];
    const result = await this.store.find({
      scopes: types.map((type) => this.scope(type, namespaces)),
      search:
        terms.length > 0
          ? {
              terms,
              operator: options.defaultSearchOperator === 'AND' ? 'AND' : 'OR',
              fields: options.searchFields?.map((field) =>
                validateFieldPath(field.split('^')[0], 'searchFields'),
              ),
            }
          : undefined,
      hasReference: options.hasReference && this.validateReference(options.hasReference),
      sort:
        options.sortField === undefined
          ? undefined
          : { field: this.sortField(options.sortField), order: this.sortOrder(options.sortOrder) },
      page,
      perPage,
    });
    return {
      page,
      per_page: perPage,
      total: result.total,
      saved_objects: result.documents.map((document) => ({
        ...this.toSavedObject<T>(document, namespaces[0], options.fields),
        score: document.score,
      })),
    };
  }

  /** Hidden and unknown types are dropped silently, as in OSD. */
  private findTypes(type: unknown): string[] {
    const types = typeof type === 'string' ? [type] : type;
    if (!Array.isArray(types) || !types.every((t) => typeof t === 'string')) {
      throw errors.createBadRequestError('options.type must be a string or an array of strings');
    }
    return types.filter((t) => this.allowedTypes.has(t));
  }

  /** `namespaces` (several, `*` for all) or the one `namespace`. */
  private findNamespaces(options: SavedObjectsFindOptions): string[] {
    if (options.namespaces === undefined) return [normalizeNamespace(options.namespace)];
    const valid =
      Array.isArray(options.namespaces) &&
      options.namespaces.length > 0 &&
      options.namespaces.every((ns) => typeof ns === 'string');
    if (!valid)
      throw errors.createBadRequestError('options.namespaces must be a non-empty array of strings');
    return options.namespaces.map((ns) => ns || DEFAULT_NAMESPACE);
  }

  private scope(type: string, namespaces: string[]): TypeScope {
    if (this.registry.isNamespaceAgnostic(type) || namespaces.includes('*')) return { type };
    return this.registry.isMultiNamespace(type)
      ? { type, sharedWith: namespaces }
      : { type, namespaces };
  }

  private validateReference(reference: unknown): { type: string; id: string } {
    if (
      !isPlainObject(reference) ||
      typeof reference.type !== 'string' ||
      typeof reference.id !== 'string'
    ) {
      throw errors.createBadRequestError(
        'options.hasReference must be an object with string type and id',
      );
    }
    return { type: reference.type, id: reference.id };
  }

  private sortField(field: string): SortField {
    if (ROOT_SORT_FIELDS.has(field)) return { root: field as 'id' | 'type' | 'updated_at' };
    return { attribute: validateFieldPath(field, 'sortField') };
  }

  private sortOrder(order: unknown): 'asc' | 'desc' {
    if (order === undefined || order === 'asc' || order === 'desc') return order ?? 'asc';
    throw errors.createBadRequestError('options.sortOrder must be "asc" or "desc"');
  }
}
