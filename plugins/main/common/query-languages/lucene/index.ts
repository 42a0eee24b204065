/**
 * Lucene query syntax read with the `lucene` package: into the shared query tree (for the managed
 * API's `q`, which cannot express regular expressions, fuzziness or boosts), or just for the fields
 * it names (the indexer runs Lucene itself as `query_string`, once every field is known).
 */
import * as lucene from 'lucene';
import type { QueryNode, QueryParseResult, QuerySyntaxError } from '../query-tree';

class UnsupportedLucene extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const IMPLICIT = '<implicit>';

function offsetOf(node: lucene.Node): number {
  return (
    node.fieldLocation?.start.offset ??
    ('termLocation' in node ? node.termLocation.start.offset : 0)
  );
}

function isNode(value: lucene.AST | lucene.Node): value is lucene.Node {
  return 'term' in value || 'term_min' in value;
}

function rangeNodes(node: lucene.NodeRangedTerm): QueryNode {
  const offset = offsetOf(node);
  const bounds: QueryNode[] = [];
  const inclusiveMin = node.inclusive === 'both' || node.inclusive === 'left';
  const inclusiveMax = node.inclusive === 'both' || node.inclusive === 'right';
  const { field } = splitFieldPrefix(node.field);
  if (node.term_min !== '*')
    bounds.push({
      type: 'range',
      field,
      operator: inclusiveMin ? '>=' : '>',
      value: node.term_min,
      offset,
    });
  if (node.term_max !== '*')
    bounds.push({
      type: 'range',
      field,
      operator: inclusiveMax ? '<=' : '<',
      value: node.term_max,
      offset,
    });
  if (bounds.length === 0) return { type: 'match', field, value: '*', quoted: false, offset };
  return bounds.length === 1 ? bounds[0] : { type: 'and', children: bounds };
}

/** The `lucene` package leaves a `-`/`+` written before a field in the field name. */
function splitFieldPrefix(field: string): { field: string; prefix: string | null } {
  return /^[-+]/.test(field)
    ? { field: field.slice(1), prefix: field[0] }
    : { field, prefix: null };
}

function termNode(node: lucene.NodeTerm & { proximity?: number | null }): QueryNode {
  const offset = offsetOf(node);
  if (node.regex)
    throw new UnsupportedLucene(
      `Regular expressions (/${node.term}/) are not supported by the managed API`,
      offset,
    );
  if (node.similarity != null || node.proximity != null)
    throw new UnsupportedLucene(
      `Fuzzy and proximity matching (${node.term}~) are not supported by the managed API`,
      offset,
    );
  if (node.boost != null)
    throw new UnsupportedLucene(
      `Boosting (${node.term}^${node.boost}) has no meaning for the managed API`,
      offset,
    );
  const { field, prefix: fieldPrefix } = splitFieldPrefix(node.field);
  const leaf: QueryNode =
    field === IMPLICIT
      ? { type: 'text', value: node.term, quoted: node.quoted, offset }
      : { type: 'match', field, value: node.term, quoted: node.quoted, offset };
  // `-term` excludes, `+term` requires (which is what a lone term means here anyway).
  return (fieldPrefix ?? node.prefix) === '-' ? { type: 'not', child: leaf, offset } : leaf;
}

function firstOffset(node: QueryNode): number {
  return 'offset' in node ? node.offset : firstOffset(node.children[0]);
}

function negate(child: QueryNode): QueryNode {
  return { type: 'not', child, offset: firstOffset(child) };
}

function combine(type: 'and' | 'or', left: QueryNode, right: QueryNode): QueryNode {
  const children = [left, right].flatMap((child) =>
    child.type === type ? child.children : [child],
  );
  return { type, children };
}

function toTree(ast: lucene.AST | lucene.Node): QueryNode {
  if (isNode(ast)) return 'term_min' in ast ? rangeNodes(ast) : termNode(ast as lucene.NodeTerm);
  const left = toTree(ast.left);
  const start = 'start' in ast ? ast.start : undefined;
  const leftSide = start === 'NOT' ? negate(left) : left;
  if (!('right' in ast)) return leftSide;
  const right = toTree(ast.right);
  switch (ast.operator) {
    case 'AND':
      return combine('and', leftSide, right);
    case 'AND NOT':
      return combine('and', leftSide, negate(right));
    case 'OR NOT':
      return combine('or', leftSide, negate(right));
    case 'NOT':
      return combine('and', leftSide, negate(right));
    default:
      // Lucene's default operator (two terms side by side) is OR.
      return combine('or', leftSide, right);
  }
}

type AstResult = { ok: true; ast: lucene.AST } | { ok: false; error: QuerySyntaxError };

function parseAst(input: string): AstResult {
  try {
    return { ok: true, ast: lucene.parse(input) };
  } catch (error) {
    const located = error as { message: string; location?: { start: { offset: number } } };
    return {
      ok: false,
      error: { message: located.message, offset: located.location?.start.offset ?? 0 },
    };
  }
}

/** Parses Lucene query syntax with the `lucene` package into the shared query tree. */
export function parseLucene(input: string): QueryParseResult {
  if (input.trim() === '') return { ok: true, tree: undefined };
  const parsed = parseAst(input);
  if (!parsed.ok) return parsed;
  try {
    return { ok: true, tree: toTree(parsed.ast) };
  } catch (error) {
    if (error instanceof UnsupportedLucene)
      return { ok: false, error: { message: error.message, offset: error.offset } };
    throw error;
  }
}

/** A field a Lucene query names, where it names it. */
interface LuceneFieldReference {
  field: string;
  offset: number;
}

/** `_exists_:name` asks whether the field `name` has a value: the term is the field. */
const EXISTS = '_exists_';

function collectFields(ast: lucene.AST | lucene.Node, into: LuceneFieldReference[]): void {
  if (isNode(ast)) {
    const { field } = splitFieldPrefix(ast.field);
    if (field === IMPLICIT) return;
    const offset = offsetOf(ast);
    if (field === EXISTS && 'term' in ast)
      into.push({ field: ast.term, offset: ast.termLocation?.start.offset ?? offset });
    else into.push({ field, offset });
    return;
  }
  collectFields(ast.left, into);
  if ('right' in ast) collectFields(ast.right, into);
}

export type LuceneFieldsResult =
  { ok: true; fields: LuceneFieldReference[] } | { ok: false; error: QuerySyntaxError };

/** Every field a Lucene query names (none for an empty query), or its syntax error. */
export function luceneFieldReferences(input: string): LuceneFieldsResult {
  if (input.trim() === '') return { ok: true, fields: [] };
  const parsed = parseAst(input);
  if (!parsed.ok) return parsed;
  const fields: LuceneFieldReference[] = [];
  collectFields(parsed.ast, fields);
  return { ok: true, fields };
}
