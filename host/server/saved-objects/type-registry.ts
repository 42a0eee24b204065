import type { SavedObjectTypeRegistry, SavedObjectsType } from '../types';

const TYPE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const NAMESPACE_TYPES = new Set(['single', 'multiple', 'agnostic']);

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Registered saved-object types. Registration is open during setup and closed by `lock()` at start. */
export class TypeRegistry implements SavedObjectTypeRegistry {
  private readonly types = new Map<string, Readonly<SavedObjectsType>>();
  private locked = false;

  registerType(type: SavedObjectsType): void {
    if (this.locked) throw new Error('cannot call `registerType` after service startup.');
    if (typeof type?.name !== 'string' || !TYPE_NAME.test(type.name)) {
      throw new Error(`Invalid saved object type name [${String(type?.name)}]`);
    }
    if (this.types.has(type.name)) throw new Error(`Type '${type.name}' is already registered`);
    if (!NAMESPACE_TYPES.has(type.namespaceType)) {
      throw new Error(
        `Saved object type [${type.name}] has an invalid namespaceType [${String(type.namespaceType)}]`,
      );
    }
    // Frozen in place, as OSD does: a definition cannot change after registration.
    this.types.set(type.name, deepFreeze(type));
  }

  lock(): void {
    this.locked = true;
  }

  getType(name: string): Readonly<SavedObjectsType> | undefined {
    return this.types.get(name);
  }

  getAllTypes(): ReadonlyArray<Readonly<SavedObjectsType>> {
    return [...this.types.values()];
  }

  isHidden(name: string): boolean {
    return this.types.get(name)?.hidden ?? false;
  }

  // Unregistered types count as single-namespace, as in OSD.
  isNamespaceAgnostic(name: string): boolean {
    return this.types.get(name)?.namespaceType === 'agnostic';
  }

  isSingleNamespace(name: string): boolean {
    return (this.types.get(name)?.namespaceType ?? 'single') === 'single';
  }

  isMultiNamespace(name: string): boolean {
    return this.types.get(name)?.namespaceType === 'multiple';
  }
}
