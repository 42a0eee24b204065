/**
 * Field types of an index: what `PUT /{index}` declared, else inferred from the documents the way the
 * Wazuh template maps them (strings keyword, whole numbers long, others float, booleans, dates for
 * `timestamp` and ISO date strings, objects).
 */
import { type Source, fieldReader, forEachValue, pathOf } from './fields';
import type { Doc, DocsView } from './documents';

export type FieldType =
  | 'keyword'
  | 'text'
  | 'long'
  | 'integer'
  | 'short'
  | 'byte'
  | 'float'
  | 'double'
  | 'half_float'
  | 'scaled_float'
  | 'boolean'
  | 'date'
  | 'ip'
  | 'geo_point'
  | 'object';

export const NUMERIC_TYPES = new Set([
  'long',
  'integer',
  'short',
  'byte',
  'float',
  'double',
  'half_float',
  'scaled_float',
]);

/** Types the states templates declare that this double reads as a type it has. */
const SAME_AS: Record<string, FieldType> = { unsigned_long: 'long', match_only_text: 'text' };

const DATE_TEXT =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function inferType(path: string, value: unknown): FieldType | undefined {
  if (typeof value === 'string') {
    if (path === 'timestamp' || path === '@timestamp' || DATE_TEXT.test(value)) return 'date';
    return 'keyword';
  }
  if (typeof value === 'number') return Number.isInteger(value) ? 'long' : 'float';
  if (typeof value === 'boolean') return 'boolean';
  return undefined;
}

/** Flattens declared `properties` (`{rule: {properties: {level: {type: long}}}}`) into dotted paths. */
function flattenProperties(
  properties: unknown,
  prefix = '',
  into = new Map<string, FieldType>(),
): Map<string, FieldType> {
  if (properties === null || typeof properties !== 'object') return into;
  for (const [name, definition] of Object.entries(
    properties as Record<string, Record<string, unknown>>,
  )) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (definition?.properties) flattenProperties(definition.properties, path, into);
    else if (typeof definition?.type === 'string')
      into.set(path, SAME_AS[definition.type] ?? (definition.type as FieldType));
  }
  return into;
}

export class IndexFields {
  private readonly declared: Map<string, FieldType>;
  /** Inferred types of the documents mapped so far, in arrival order as dynamic mapping fixes them. */
  private readonly inferred = new Map<string, FieldType>();
  private pending: Doc[] = [];
  /** Fields no document had at the last look; forgotten when a document arrives. */
  private readonly absent = new Set<string>();

  constructor(mappings: unknown) {
    this.declared = flattenProperties((mappings as Source | undefined)?.properties);
  }

  noteAdded(doc: Doc): void {
    this.pending.push(doc);
    if (this.absent.size > 0) this.absent.clear();
  }

  /** The type of one field, looking at documents only until one has it. */
  typeOf(path: string, view: DocsView): FieldType | undefined {
    const declared = this.declared.get(path);
    if (declared) return declared;
    const known = this.inferred.get(path);
    if (known) return known;
    if (this.absent.has(path)) return undefined;
    const read = fieldReader(path);
    for (const docs of [view.timed, view.untimed]) {
      for (const doc of docs) {
        const value = read(doc.source);
        if (value === undefined || value === null) continue;
        const first = Array.isArray(value) ? value.find((item) => item !== null) : value;
        if (first === undefined) continue;
        const type =
          first !== null && typeof first === 'object' ? 'object' : inferType(path, first);
        if (type) this.inferred.set(path, type);
        return type;
      }
    }
    this.absent.add(path);
    return undefined;
  }

  /** Every leaf field with its type (declared first, then inferred from all documents). */
  all(): Map<string, FieldType> {
    // Most documents add no new field: a slot already typed costs one array read.
    const typed: boolean[] = [];
    for (const doc of this.pending) {
      const flat = doc.source;
      for (let slot = 0; slot < flat.length; slot++) {
        if (typed[slot] || flat[slot] === undefined) continue;
        forEachValue(flat[slot], (value) => {
          const path = pathOf(slot);
          if (this.declared.has(path) || this.inferred.has(path)) typed[slot] = true;
          else {
            const type = inferType(path, value);
            if (type) this.inferred.set(path, type);
          }
        });
      }
    }
    this.pending = [];
    return new Map([...this.inferred, ...this.declared]);
  }
}

/** The `properties` tree OpenSearch answers in `_mapping`, from dotted leaf paths. */
export function propertiesTree(fields: Map<string, FieldType>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const path of [...fields.keys()].sort()) {
    const segments = path.split('.');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      const child = (node[segment] ??= { properties: {} }) as {
        properties?: Record<string, unknown>;
      };
      child.properties ??= {};
      node = child.properties;
    }
    const type = fields.get(path) as FieldType;
    node[segments[segments.length - 1]] =
      type === 'date' ? { type, format: 'date_optional_time||epoch_millis' } : { type };
  }
  return root;
}
