import {
  SavedObjectsErrorHelpers,
  type SavedObject,
  type SavedObjectsCreateOptions,
} from '@host/server/types';
import type { RecordRepository } from '../saved-objects/repository';

interface Stored {
  attributes: unknown;
  seq: number;
}

/**
 * Saved-object store for service tests with the repository's semantics that matter here: 404 on a
 * missing object, 409 on create of an existing id without overwrite or with a stale version.
 * Each call yields to the event loop first, as a real store does, so concurrent callers interleave.
 */
export class InMemoryRepository implements RecordRepository {
  readonly objects = new Map<string, Stored>();
  private seq = 0;

  async get<T = unknown>(type: string, id: string): Promise<SavedObject<T>> {
    await new Promise((resolve) => setImmediate(resolve));
    const stored = this.objects.get(`${type}/${id}`);
    if (!stored) throw SavedObjectsErrorHelpers.createGenericNotFoundError(type, id);
    return {
      id,
      type,
      attributes: structuredClone(stored.attributes) as T,
      references: [],
      version: String(stored.seq),
    };
  }

  async create<T = unknown>(
    type: string,
    attributes: T,
    options: SavedObjectsCreateOptions = {},
  ): Promise<SavedObject<T>> {
    await new Promise((resolve) => setImmediate(resolve));
    const id = options.id ?? String(++this.seq);
    const key = `${type}/${id}`;
    const existing = this.objects.get(key);
    const conflict =
      existing &&
      (!options.overwrite ||
        (options.version !== undefined && options.version !== String(existing.seq)));
    if (conflict) throw SavedObjectsErrorHelpers.createConflictError(type, id);
    const seq = ++this.seq;
    this.objects.set(key, { attributes: structuredClone(attributes), seq });
    return { id, type, attributes, references: [], version: String(seq) };
  }

  attributesOf(type: string, id: string): unknown {
    return this.objects.get(`${type}/${id}`)?.attributes;
  }
}
