import { qValueProblem, unknownFieldError } from './q-language';
import type {
  ManagedApiQuery,
  QueryNode,
  QuerySyntaxError,
  QueryTranslation,
  SearchField,
} from './types';

class TranslationError extends Error {
  constructor(readonly syntaxError: QuerySyntaxError) {
    super(syntaxError.message);
  }
}

function fail(message: string, offset: number): never {
  throw new TranslationError({ message, offset });
}

function checkedValue(value: string, offset: number): string {
  const problem = qValueProblem(value);
  if (problem) fail(problem, offset);
  return value;
}

/** `*text*` means "contains"; a lone `*` means "has a value"; other wildcards have no `q` form. */
function matchToQ(node: Extract<QueryNode, { type: 'match' }>, negated: boolean): string {
  const { field, value, quoted, offset } = node;
  if (!quoted && value.includes('*')) {
    if (value === '*') return `${field}${negated ? '=' : '!='}null`;
    const contains = /^\*([^*]+)\*$/.exec(value);
    if (!contains)
      fail(
        `"${value}": wildcards are only supported on both sides of a value (*text* means "contains")`,
        offset,
      );
    if (negated)
      fail(`"NOT ${field}:${value}": the managed API's q has no "does not contain"`, offset);
    return `${field}~${checkedValue(contains[1], offset)}`;
  }
  return `${field}${negated ? '!=' : '='}${checkedValue(value, offset)}`;
}

function rangeToQ(node: Extract<QueryNode, { type: 'range' }>): string {
  const value = checkedValue(node.value, node.offset);
  if (node.operator === '<' || node.operator === '>')
    return `${node.field}${node.operator}${value}`;
  // q has no <= or >=: "bigger or equal" is "bigger, or equal".
  return `(${node.field}${node.operator[0]}${value},${node.field}=${value})`;
}

function nodeToQ(node: QueryNode, fields: SearchField[]): string {
  switch (node.type) {
    case 'match':
    case 'range': {
      const unknown = unknownFieldError(node.field, fields, node.offset);
      if (unknown) throw new TranslationError(unknown);
      return node.type === 'match' ? matchToQ(node, false) : rangeToQ(node);
    }
    case 'not': {
      if (node.child.type !== 'match')
        fail(
          'NOT can only negate a single field:value (the managed API has no negated groups)',
          node.offset,
        );
      const unknown = unknownFieldError(node.child.field, fields, node.child.offset);
      if (unknown) throw new TranslationError(unknown);
      return matchToQ(node.child, true);
    }
    case 'text':
      return fail(
        `Free text "${node.value}" can only stand alone or be joined to the rest with AND`,
        node.offset,
      );
    case 'and':
    case 'or': {
      const separator = node.type === 'and' ? ';' : ',';
      return node.children
        .map((child) => {
          const q = nodeToQ(child, fields);
          return child.type === 'and' || child.type === 'or' ? `(${q})` : q;
        })
        .join(separator);
    }
  }
}

/** Free text becomes the `search` parameter (a leading `-` negates it), so it may appear once, at the top level. */
function freeText(node: QueryNode): { search: string; offset: number } | undefined {
  if (node.type === 'text') return { search: node.value, offset: node.offset };
  if (node.type === 'not' && node.child.type === 'text')
    return { search: `-${node.child.value}`, offset: node.offset };
  return undefined;
}

function splitFreeText(root: QueryNode): { search?: string; rest?: QueryNode } {
  const topLevel = root.type === 'and' ? root.children : [root];
  const texts = topLevel.map((child) => ({ child, text: freeText(child) }));
  const withText = texts.filter((entry) => entry.text);
  if (withText.length > 1)
    fail('Only one free-text term is supported; join words with quotes', withText[1].text!.offset);
  const others = texts.filter((entry) => !entry.text).map((entry) => entry.child);
  const rest =
    others.length === 0
      ? undefined
      : others.length === 1
        ? others[0]
        : { type: 'and' as const, children: others };
  return { search: withText[0]?.text?.search, rest };
}

/** Translates a DQL or Lucene tree (undefined for an empty query) into `q` and `search`. */
export function queryTreeToManagedApiQuery(
  root: QueryNode | undefined,
  fields: SearchField[],
): QueryTranslation {
  if (!root) return { ok: true, query: {} };
  try {
    const { search, rest } = splitFreeText(root);
    const query: ManagedApiQuery = {};
    if (rest) query.q = nodeToQ(rest, fields);
    if (search !== undefined) query.search = search;
    return { ok: true, query };
  } catch (error) {
    if (error instanceof TranslationError) return { ok: false, error: error.syntaxError };
    throw error;
  }
}
