/**
 * The indices the stand-in holds and how index expressions (`wazuh-alerts-*,other`, `-excluded`,
 * `_all`) resolve to them, with `ignore_unavailable` and `allow_no_indices` as OpenSearch applies them.
 */
import { randomBytes } from 'node:crypto';
import { type Doc, IndexDocuments, generatedId, makeDoc } from './documents';
import { OpenSearchErrorAnswer, indexNotFound, simpleError } from './errors';
import { Interner, type Source } from './fields';
import { IndexFields } from './mapping';

export interface Index {
  readonly name: string;
  readonly uuid: string;
  readonly creationDate: number;
  readonly settings: Source;
  readonly mappings: Source;
  readonly docs: IndexDocuments;
  readonly fields: IndexFields;
}

/** A composable index template (`PUT _index_template/{name}`): what an index it matches is created with. */
export interface IndexTemplate {
  indexPatterns: string[];
  priority: number;
  settings: Source;
  mappings: Source;
}

export interface ResolveOptions {
  /** Missing concrete names are skipped instead of failing (default false). */
  ignoreUnavailable?: boolean;
  /** A wildcard or `_all` matching nothing is an empty set instead of a 404 (default true). */
  allowNoIndices?: boolean;
}

const INVALID_NAME = /[\\/*?"<>| ,#:A-Z]/;

export function uuid(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}

export class Store {
  private readonly indices = new Map<string, Index>();
  private readonly templates = new Map<string, IndexTemplate>();
  private seq = 0;
  private readonly interner = new Interner();

  constructor(private readonly clock: () => number) {}

  list(): Index[] {
    return [...this.indices.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): Index | undefined {
    return this.indices.get(name);
  }

  create(name: string, settings: Source = {}, mappings: Source = {}): Index {
    if (this.indices.has(name)) {
      const existing = this.indices.get(name) as Index;
      throw simpleError(
        400,
        'resource_already_exists_exception',
        `index [${name}/${existing.uuid}] already exists`,
        {
          index_uuid: existing.uuid,
          index: name,
        },
      );
    }
    checkIndexName(name);
    const index: Index = {
      name,
      uuid: uuid(),
      creationDate: this.clock(),
      settings,
      mappings,
      docs: new IndexDocuments(),
      fields: new IndexFields(mappings),
    };
    this.indices.set(name, index);
    return index;
  }

  /**
   * Stores a template; `create` refuses to replace one. Two templates of the same priority whose
   * patterns overlap are refused, as OpenSearch refuses them.
   */
  putTemplate(name: string, template: IndexTemplate, create = false): void {
    if (create && this.templates.has(name))
      throw simpleError(
        400,
        'illegal_argument_exception',
        `index template [${name}] already exists`,
      );
    for (const [other, existing] of this.templates) {
      if (other === name || existing.priority !== template.priority) continue;
      const shared = template.indexPatterns.find((pattern) =>
        existing.indexPatterns.some(
          (theirs) => wildcard(theirs).test(pattern) || wildcard(pattern).test(theirs),
        ),
      );
      if (shared)
        throw simpleError(
          400,
          'illegal_argument_exception',
          `index template [${name}] has index patterns [${template.indexPatterns.join(', ')}] matching patterns from existing templates [${other}] with patterns (${other} => [${existing.indexPatterns.join(', ')}]) that have the same priority [${template.priority}], multiple index templates may not match during index creation, please use a different priority`,
        );
    }
    this.templates.set(name, template);
  }

  template(name: string): IndexTemplate | undefined {
    return this.templates.get(name);
  }

  /** The template of highest priority whose patterns match a new index's name. */
  private templateFor(indexName: string): IndexTemplate | undefined {
    let best: IndexTemplate | undefined;
    for (const template of this.templates.values()) {
      if (!template.indexPatterns.some((pattern) => wildcard(pattern).test(indexName))) continue;
      if (!best || template.priority > best.priority) best = template;
    }
    return best;
  }

  delete(name: string): void {
    this.indices.delete(name);
  }

  /** Indexes a document (creating its index as OpenSearch's auto-create does); `create` refuses an existing id. */
  put(
    indexName: string,
    source: Source,
    id?: string,
    mode: 'index' | 'create' = 'index',
  ): { doc: Doc; result: 'created' | 'updated' } {
    const index = this.indices.get(indexName) ?? this.autoCreate(indexName);
    const seq = this.seq++;
    const docId = id ?? generatedId(seq);
    const previous = id === undefined ? undefined : index.docs.get(docId);
    if (previous && mode === 'create') {
      throw simpleError(
        409,
        'version_conflict_engine_exception',
        `[${docId}]: version conflict, document already exists (current version [${previous.version}])`,
        {
          index: indexName,
          shard: '0',
          index_uuid: index.uuid,
        },
      );
    }
    const doc = makeDoc(indexName, docId, source, seq, (previous?.version ?? 0) + 1, this.interner);
    const replaced = index.docs.put(doc, id === undefined);
    index.fields.noteAdded(doc);
    return { doc, result: replaced ? 'updated' : 'created' };
  }

  /** An index created by its first document: with the settings and mappings of its template. */
  private autoCreate(indexName: string): Index {
    const template = this.templateFor(indexName);
    return this.create(indexName, template?.settings, template?.mappings);
  }

  /** Resolves an index expression to the indices it names, sorted by name. */
  resolve(expression: string | undefined, options: ResolveOptions = {}): Index[] {
    const allowNoIndices = options.allowNoIndices ?? true;
    const parts =
      !expression || expression === '_all' || expression === '*'
        ? ['*']
        : expression.split(',').filter(Boolean);
    const chosen = new Set<string>();
    for (const part of parts) {
      if (part.startsWith('-') && chosen.size > 0) {
        const pattern = wildcard(part.slice(1));
        for (const name of [...chosen]) if (pattern.test(name)) chosen.delete(name);
        continue;
      }
      if (part.includes('*')) {
        const pattern = wildcard(part);
        let matched = false;
        for (const name of this.indices.keys()) {
          if (!pattern.test(name) || (name.startsWith('.') && !part.startsWith('.'))) continue;
          chosen.add(name);
          matched = true;
        }
        if (!matched && !allowNoIndices) throw indexNotFound(part);
        continue;
      }
      if (this.indices.has(part)) chosen.add(part);
      else if (!options.ignoreUnavailable) throw indexNotFound(part);
    }
    if (chosen.size === 0 && !allowNoIndices) throw indexNotFound(expression ?? '_all');
    return [...chosen].sort().map((name) => this.indices.get(name) as Index);
  }
}

function wildcard(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
}

function checkIndexName(name: string): void {
  let reason: string | undefined;
  if (INVALID_NAME.test(name))
    reason =
      name !== name.toLowerCase()
        ? 'must be lowercase'
        : 'must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]';
  else if (/^[-_+]/.test(name)) reason = "must not start with '_', '-', or '+'";
  else if (name === '.' || name === '..') reason = "must not be '.' or '..'";
  if (reason) {
    throw new OpenSearchErrorAnswer(400, invalidName(name, reason));
  }
}

function invalidName(name: string, reason: string) {
  const cause = {
    type: 'invalid_index_name_exception',
    reason: `Invalid index name [${name}], ${reason}`,
    index_uuid: '_na_',
    index: name,
  };
  return { error: { root_cause: [cause], ...cause }, status: 400 };
}
