/**
 * The search bar's query as indexer query DSL. DQL is parsed into the shared query tree and each
 * node becomes a clause over a checked field; Lucene is handed to the indexer as `query_string`
 * once every field it names is known. Either way the user's text only ever becomes values and
 * checked field names: nothing in it can add clauses, scripts or indices.
 */
import type { AlertsQuery } from '@main/common/alerts/api';
import { parseDql } from '@main/common/query-languages/dql';
import { luceneFieldReferences } from '@main/common/query-languages/lucene';
import type { QueryNode } from '@main/common/query-languages/query-tree';
import { RequestFieldError } from '../../request-field-error';
import type { FieldCatalogue } from './field-catalogue';
import { checkedField, checkedValue, equalsClause } from './field-checks';

export type QueryClause = Record<string, unknown>;

/** Characters with a meaning in `query_string`; a bare DQL term with wildcards keeps only `*`. */
const QUERY_STRING_RESERVED = /[+\-=&|><!(){}[\]^"~?:\\/]/g;
/** `?` and `\` mean something to the `wildcard` query; DQL only gives `*` that meaning. */
const WILDCARD_RESERVED = /[?\\]/g;

interface TreeContext {
  fields: FieldCatalogue;
  /** The request field the query came in, for error messages (`query.query`). */
  path: string;
  now: Date;
}

function hasWildcard(node: { value: string; quoted: boolean }): boolean {
  return !node.quoted && node.value.includes('*');
}

function matchClause(
  node: Extract<QueryNode, { type: 'match' }>,
  context: TreeContext,
): QueryClause {
  const at = `${context.path}`;
  const field = checkedField(context.fields, node.field, at, 'search');
  if (!node.quoted && node.value === '*') return { exists: { field: field.name } };
  if (hasWildcard(node)) {
    if (field.type !== 'string')
      throw new RequestFieldError(
        at,
        `wildcards only apply to text fields; [${field.name}] is ${field.esType} (at ${node.offset})`,
      );
    return {
      wildcard: {
        [field.name]: { value: node.value.replace(WILDCARD_RESERVED, (char) => `\\${char}`) },
      },
    };
  }
  return equalsClause(field, checkedValue(field, node.value, at, context.now));
}

const RANGE_KEYS = { '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' } as const;

function rangeClause(
  node: Extract<QueryNode, { type: 'range' }>,
  context: TreeContext,
): QueryClause {
  const field = checkedField(context.fields, node.field, context.path, 'search');
  if (field.type !== 'number' && field.type !== 'date' && field.type !== 'string')
    throw new RequestFieldError(context.path, `field [${field.name}] has no order to compare in`);
  const value = checkedValue(field, node.value, context.path, context.now);
  return { range: { [field.name]: { [RANGE_KEYS[node.operator]]: value } } };
}

/** A bare term searches the index's default fields, as OpenSearch Dashboards' DQL does. */
function textClause(node: Extract<QueryNode, { type: 'text' }>): QueryClause {
  if (hasWildcard(node))
    return {
      query_string: {
        query: node.value.replace(QUERY_STRING_RESERVED, (char) => `\\${char}`),
        analyze_wildcard: true,
      },
    };
  return {
    multi_match: { query: node.value, type: node.quoted ? 'phrase' : 'best_fields', lenient: true },
  };
}

function treeClause(node: QueryNode, context: TreeContext): QueryClause {
  switch (node.type) {
    case 'match':
      return matchClause(node, context);
    case 'range':
      return rangeClause(node, context);
    case 'text':
      return textClause(node);
    case 'not':
      return { bool: { must_not: [treeClause(node.child, context)] } };
    case 'and':
      return { bool: { filter: node.children.map((child) => treeClause(child, context)) } };
    case 'or':
      return {
        bool: {
          should: node.children.map((child) => treeClause(child, context)),
          minimum_should_match: 1,
        },
      };
  }
}

/**
 * Lucene's `*` field names every field: `*:*` matches all, `*:value` searches every field as a bare
 * term does; neither reaches past the scope, which is a filter of its own.
 */
const ALL_FIELDS = '*';

/** Deepest nesting of groups and negations a query may have (a guard for the indexer's stack). */
const MAX_QUERY_DEPTH = 32;

function depth(node: QueryNode): number {
  if (node.type === 'and' || node.type === 'or')
    return 1 + Math.max(0, ...node.children.map(depth));
  return node.type === 'not' ? 1 + depth(node.child) : 1;
}

/**
 * The clause of the search bar's `query` (at request field `path`), or undefined for a blank one.
 * A syntax error, an unknown field or a value unfit for its field is a 400 naming `path`.
 */
export function queryClause(
  query: AlertsQuery | undefined,
  fields: FieldCatalogue,
  now: Date,
  path = 'query',
): QueryClause | undefined {
  if (!query || query.query.trim() === '') return undefined;
  const at = `${path}.query`;
  try {
    return parsedClause(query, fields, now, at);
  } catch (error) {
    // The parsers recurse once per group: a query nested thousands deep exhausts the stack.
    if (error instanceof RangeError)
      throw new RequestFieldError(at, `nests groups deeper than ${MAX_QUERY_DEPTH} levels`);
    throw error;
  }
}

function parsedClause(
  query: AlertsQuery,
  fields: FieldCatalogue,
  now: Date,
  at: string,
): QueryClause | undefined {
  if (query.language === 'lucene') {
    const references = luceneFieldReferences(query.query);
    if (!references.ok)
      throw new RequestFieldError(
        at,
        `Lucene syntax error at ${references.error.offset}: ${references.error.message}`,
      );
    for (const reference of references.fields)
      if (reference.field !== ALL_FIELDS) checkedField(fields, reference.field, at, 'search');
    return { query_string: { query: query.query, analyze_wildcard: true, lenient: true } };
  }
  const parsed = parseDql(query.query);
  if (!parsed.ok)
    throw new RequestFieldError(
      at,
      `DQL syntax error at ${parsed.error.offset}: ${parsed.error.message}`,
    );
  if (!parsed.tree) return undefined;
  if (depth(parsed.tree) > MAX_QUERY_DEPTH)
    throw new RequestFieldError(at, `nests groups deeper than ${MAX_QUERY_DEPTH} levels`);
  return treeClause(parsed.tree, { fields, path: at, now });
}
