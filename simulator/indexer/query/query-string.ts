/**
 * `query_string`: Lucene syntax parsed by the `lucene` package, evaluated with the classic query
 * parser's rules (AND makes both sides required, OR optional, NOT prohibited, a negative-only query
 * matches everything else), against one field, a list, or every field.
 */
import { type AST, type Node, type NodeRangedTerm, type NodeTerm, parse } from 'lucene';
import { parsingError } from '../errors';
import { type FlatSource, fieldReader, presenceReader, someValue } from '../fields';
import type { CompileContext, Predicate } from './context';
import { wildcardPattern } from './compile';
import { comparable, equalsTest, rangeLimits } from './values';

type Json = Record<string, unknown>;

interface Clause {
  test: Predicate;
  occur: 'must' | 'should' | 'must_not';
}

interface Settings {
  defaultFields: string[];
  defaultAnd: boolean;
  context: CompileContext;
  lenient: boolean;
}

const isBinary = (ast: AST | Node): ast is AST & { operator: string; right: AST | Node } =>
  'operator' in ast;
const isNode = (ast: AST | Node): ast is Node => !('left' in ast);

export function compileQueryString(
  body: unknown,
  context: CompileContext,
  type: string,
): Predicate {
  if (body === null || typeof body !== 'object' || typeof (body as Json).query !== 'string')
    throw parsingError(`[${type}] must be provided with a [query]`, context.locate(type));
  const options = body as Json;
  const query = (options.query as string).trim();
  const fields = Array.isArray(options.fields)
    ? (options.fields as string[])
    : [typeof options.default_field === 'string' ? options.default_field : '*'];
  const settings: Settings = {
    defaultFields: fields.map((field) => field.replace(/\^.*$/, '')),
    defaultAnd: String(options.default_operator ?? 'or').toLowerCase() === 'and',
    context,
    lenient: options.lenient === true || fields.some((field) => field.includes('*')),
  };
  if (query === '' || query === '*') return query === '*' ? () => true : () => false;
  let ast: AST;
  try {
    ast = parse(query);
  } catch (error) {
    const position = context.locate('query');
    throw parsingError(`Failed to parse query [${query}]`, position, {
      type: 'parse_exception',
      reason: `Cannot parse '${query}': ${(error as Error).message}`,
    });
  }
  return group(ast, undefined, settings);
}

/** A chain `a AND b OR NOT c` at one level, turned into clauses with Lucene's occur rules. */
function group(ast: AST, field: string | undefined, settings: Settings): Predicate {
  const parts: Array<{ node: AST | Node; conj: string; not: boolean }> = [];
  let chain: AST = ast;
  let conj = '';
  let not = 'start' in ast && ast.start === 'NOT';
  for (;;) {
    parts.push({ node: chain.left, conj, not });
    if (!isBinary(chain)) break;
    conj = chain.operator.startsWith('AND') ? 'AND' : chain.operator.startsWith('OR') ? 'OR' : '';
    not = chain.operator.endsWith('NOT');
    const right: AST | Node = chain.right;
    if (isNode(right) || right.parenthesized) {
      parts.push({ node: right, conj, not });
      break;
    }
    chain = right;
  }
  const clauses: Clause[] = [];
  parts.forEach((part, at) => {
    const prefix =
      isNode(part.node) && 'prefix' in part.node ? (part.node as NodeTerm).prefix : null;
    const prohibited = part.not || prefix === '-';
    let occur: Clause['occur'];
    if (prohibited) occur = 'must_not';
    else if (prefix === '+') occur = 'must';
    else if (settings.defaultAnd) occur = part.conj === 'OR' ? 'should' : 'must';
    else occur = part.conj === 'AND' ? 'must' : 'should';
    // `a AND b`: the AND also makes the clause before it required (and OR under AND default optional).
    const next = parts[at + 1];
    if (next && !prohibited && prefix !== '-') {
      if (next.conj === 'AND') occur = 'must';
      else if (settings.defaultAnd && next.conj === 'OR' && prefix !== '+') occur = 'should';
    }
    clauses.push({ test: clause(part.node, field, settings), occur });
  });
  const must = clauses.filter((item) => item.occur === 'must').map((item) => item.test);
  const should = clauses.filter((item) => item.occur === 'should').map((item) => item.test);
  const mustNot = clauses.filter((item) => item.occur === 'must_not').map((item) => item.test);
  const needShould = must.length === 0 && should.length > 0;
  return (doc) => {
    for (const test of must) if (!test(doc)) return false;
    for (const test of mustNot) if (test(doc)) return false;
    if (needShould) return should.some((test) => test(doc));
    return true;
  };
}

function clause(node: AST | Node, field: string | undefined, settings: Settings): Predicate {
  if (!isNode(node)) {
    const groupField = node.field && node.field !== '<implicit>' ? node.field : field;
    return group(node, groupField, settings);
  }
  const name = node.field && node.field !== '<implicit>' ? node.field : field;
  if (name === '_exists_') {
    const present = presenceReader((node as NodeTerm).term);
    return (doc) => present(doc.source);
  }
  const fields = name ? expand([name], settings) : expand(settings.defaultFields, settings);
  if ('term_min' in node) return anyField(fields, (path) => rangeTest(path, node, settings));
  return anyField(fields, (path) => termTest(path, node as NodeTerm, settings));
}

function expand(fields: string[], settings: Settings): Array<string | '*'> {
  return fields.flatMap((field) => {
    if (field === '*') return ['*'];
    if (!field.includes('*')) return [field];
    const pattern = wildcardPattern(field, false);
    return settings.context.allFields().filter((known) => pattern.test(known));
  });
}

function anyField(
  fields: Array<string | '*'>,
  build: (path: string | '*') => (item: unknown) => boolean,
): Predicate {
  const tests = fields.map((path) => {
    const test = build(path);
    if (path === '*') return (source: FlatSource) => someLeaf(source, test);
    const read = fieldReader(path);
    return (source: FlatSource) => someValue(read(source), test);
  });
  if (tests.length === 1) {
    const [test] = tests;
    return (doc) => test(doc.source);
  }
  return (doc) => tests.some((test) => test(doc.source));
}

/** Every leaf value of a document, for queries on all fields. */
function someLeaf(value: unknown, test: (item: unknown) => boolean): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.some((item) => someLeaf(item, test));
  if (typeof value === 'object') {
    for (const key in value as FlatSource)
      if (someLeaf((value as FlatSource)[key], test)) return true;
    return false;
  }
  return test(value);
}

function termTest(
  path: string | '*',
  node: NodeTerm,
  settings: Settings,
): (item: unknown) => boolean {
  const type = path === '*' ? undefined : settings.context.typeOf(path);
  const term = node.term;
  if (!node.quoted && node.regex) {
    const pattern = new RegExp(`^(?:${term})$`);
    return (item) => pattern.test(String(item));
  }
  if (!node.quoted && /^[<>]=?/.test(term)) {
    const operator = /^[<>]=?/.exec(term)?.[0] as string;
    const value = term.slice(operator.length);
    const key = { '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte' }[operator] as string;
    return boundsTest(path, { [key]: value }, settings);
  }
  if (!node.quoted && /(?<!\\)[*?]/.test(term)) {
    const pattern = wildcardPattern(term, false);
    return (item) => pattern.test(String(item));
  }
  const value = term.replace(/\\(.)/g, '$1');
  if (path === '*' || settings.lenient) {
    try {
      return equalsTest(type, value, path, settings.context, { lenient: true });
    } catch {
      return () => false;
    }
  }
  return equalsTest(type, value, path, settings.context);
}

function rangeTest(
  path: string | '*',
  node: NodeRangedTerm,
  settings: Settings,
): (item: unknown) => boolean {
  const bounds: Record<string, string> = {};
  const lowInclusive = node.inclusive === 'both' || node.inclusive === 'left';
  const highInclusive = node.inclusive === 'both' || node.inclusive === 'right';
  if (node.term_min !== '*') bounds[lowInclusive ? 'gte' : 'gt'] = node.term_min;
  if (node.term_max !== '*') bounds[highInclusive ? 'lte' : 'lt'] = node.term_max;
  return boundsTest(path, bounds, settings);
}

function boundsTest(
  path: string | '*',
  bounds: Record<string, string>,
  settings: Settings,
): (item: unknown) => boolean {
  const type = path === '*' ? undefined : settings.context.typeOf(path);
  const { low, high, lowInclusive, highInclusive } = rangeLimits(
    type,
    bounds,
    settings.context,
    settings.lenient,
  );
  return (item) => {
    const value = comparable(type, item);
    if (value === undefined || (typeof value === 'number' && Number.isNaN(value))) return false;
    if (low !== undefined && (lowInclusive ? value < low : value <= low)) return false;
    if (high !== undefined && (highInclusive ? value > high : value >= high)) return false;
    return true;
  };
}
