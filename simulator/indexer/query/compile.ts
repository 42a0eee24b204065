/**
 * Query DSL to a predicate over documents, compiled once per request. Also finds the `timestamp`
 * range every match must fall in, so a search binary-searches the time-sorted documents.
 */
import { TIME_FIELD } from '../documents';
import { parsingError } from '../errors';
import { type FieldReader, fieldReader, presenceReader, someValue } from '../fields';
import type { CompileContext, Predicate } from './context';
import { compileQueryString } from './query-string';
import { type RangeBounds, comparable, equalsTest, rangeLimits, words } from './values';

export interface CompiledQuery {
  test: Predicate;
  /** Matches every document: a search may skip calling `test`. */
  matchesAll: boolean;
  /** Every match has a timestamp within [low, high] (inclusive, epoch ms). */
  time: TimeBounds;
}

interface TimeBounds {
  low: number;
  high: number;
  /** A match needs a timestamp at all (documents without one are out). */
  required: boolean;
}

const ANY_TIME: TimeBounds = { low: -Infinity, high: Infinity, required: false };
const always: Predicate = () => true;
const never: Predicate = () => false;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function compileQuery(query: unknown, context: CompileContext): CompiledQuery {
  if (query === undefined || query === null)
    return { test: always, matchesAll: true, time: ANY_TIME };
  if (!isObject(query))
    throw parsingError(
      '[_na] query malformed, must start with start_object',
      context.locate('query'),
    );
  const keys = Object.keys(query);
  if (keys.length !== 1) {
    if (keys.length === 0) return { test: always, matchesAll: true, time: ANY_TIME };
    throw parsingError(
      `[${keys[0]}] malformed query, expected [END_OBJECT] but found [FIELD_NAME]`,
      context.locate(keys[1]),
    );
  }
  const [type] = keys;
  const body = query[type];
  const compiler = COMPILERS[type];
  if (!compiler) {
    const position = context.locate(type);
    throw parsingError(`unknown query [${type}]`, position, {
      type: 'named_object_not_found_exception',
      reason: `[${position.line}:${position.col}] unknown field [${type}]`,
    });
  }
  return compiler(body, context, type);
}

type Compiler = (body: unknown, context: CompileContext, type: string) => CompiledQuery;

const plain = (test: Predicate): CompiledQuery => ({
  test,
  matchesAll: test === always,
  time: ANY_TIME,
});

/** The single `{field: value-or-options}` pair of a term-level query, refusing several fields. */
function singleField(body: unknown, type: string, context: CompileContext): [string, unknown] {
  if (!isObject(body))
    throw parsingError(
      `[${type}] query malformed, no start_object after query name`,
      context.locate(type),
    );
  const fields = Object.keys(body).filter((key) => key !== 'boost' && key !== '_name');
  if (fields.length === 0)
    throw parsingError(`[${type}] query doesn't support an empty field`, context.locate(type));
  if (fields.length > 1)
    throw parsingError(
      `[${type}] query doesn't support multiple fields, found [${fields[0]}] and [${fields[1]}]`,
      context.locate(fields[1]),
    );
  return [fields[0], body[fields[0]]];
}

function fieldTest(field: string, test: (item: unknown) => boolean): Predicate {
  if (field === '_id') return (doc) => test(doc.id);
  if (field === '_index') return (doc) => test(doc.index);
  const read: FieldReader = fieldReader(field);
  return (doc) => someValue(read(doc.source), test);
}

function optionsOf(
  value: unknown,
  valueKey: string,
  type: string,
  field: string,
  context: CompileContext,
): Json {
  if (!isObject(value)) return { [valueKey]: value };
  for (const key of Object.keys(value)) {
    if (!TERM_OPTION_KEYS.has(key))
      throw parsingError(`[${type}] query does not support [${key}]`, context.locate(key));
  }
  if (!(valueKey in value))
    throw parsingError(
      `[${type}] query on field [${field}] requires [${valueKey}]`,
      context.locate(field),
    );
  return value;
}

const TERM_OPTION_KEYS = new Set([
  'value',
  'query',
  'boost',
  '_name',
  'case_insensitive',
  'rewrite',
  'operator',
  'minimum_should_match',
  'analyzer',
  'lenient',
  'zero_terms_query',
  'fuzziness',
  'prefix_length',
  'max_expansions',
  'slop',
  'auto_generate_synonyms_phrase_query',
  'fuzzy_transpositions',
  'flags',
  'max_determinized_states',
]);

const compileTerm: Compiler = (body, context, type) => {
  const [field, raw] = singleField(body, type, context);
  const options = optionsOf(raw, 'value', type, field, context);
  if (options.value === null || isObject(options.value) || Array.isArray(options.value))
    throw parsingError(`[${type}] query does not support array of values`, context.locate(field));
  const equals = equalsTest(keywordish(context.typeOf(field)), options.value, field, context, {
    caseInsensitive: options.case_insensitive === true,
  });
  return plain(fieldTest(field, equals));
};

/** `term` never analyses: on a text field it compares whole values like a keyword. */
function keywordish(type: ReturnType<CompileContext['typeOf']>) {
  return type === 'text' ? 'keyword' : type;
}

const compileTerms: Compiler = (body, context, type) => {
  const [field, values] = singleField(body, type, context);
  if (!Array.isArray(values))
    throw parsingError(`[${type}] query does not support [${field}]`, context.locate(field));
  const fieldType = keywordish(context.typeOf(field));
  if (fieldType === undefined || fieldType === 'keyword' || fieldType === 'ip') {
    const wanted = new Set(values.map(String));
    return plain(
      fieldTest(field, (item) => wanted.has(typeof item === 'string' ? item : String(item))),
    );
  }
  const tests = values.map((value) => equalsTest(fieldType, value, field, context));
  return plain(fieldTest(field, (item) => tests.some((test) => test(item))));
};

const compileIds: Compiler = (body, context, type) => {
  if (!isObject(body) || !Array.isArray(body.values))
    throw parsingError(
      `[${type}] query malformed, no start_object after query name`,
      context.locate(type),
    );
  const wanted = new Set((body.values as unknown[]).map(String));
  return plain((doc) => wanted.has(doc.id));
};

const compileMatch: Compiler = (body, context, type) => {
  const [field, raw] = singleField(body, type, context);
  const options = optionsOf(raw, 'query', type, field, context);
  const fieldType = context.typeOf(field);
  const query = options.query;
  if (fieldType !== 'text') {
    return plain(
      fieldTest(
        field,
        equalsTest(fieldType, query, field, context, { lenient: options.lenient === true }),
      ),
    );
  }
  const wanted = words(String(query));
  if (wanted.length === 0) return plain(options.zero_terms_query === 'all' ? always : never);
  if (type === 'match_phrase' || type === 'match_phrase_prefix') {
    const phrase = wanted.join(' ');
    return plain(
      fieldTest(
        field,
        (item) =>
          typeof item === 'string' &&
          ` ${words(item).join(' ')} `.includes(` ${phrase}${type === 'match_phrase' ? ' ' : ''}`),
      ),
    );
  }
  const all = String(options.operator ?? 'or').toLowerCase() === 'and';
  return plain(
    fieldTest(field, (item) => {
      if (typeof item !== 'string') return false;
      const have = words(item);
      return all
        ? wanted.every((word) => have.includes(word))
        : wanted.some((word) => have.includes(word));
    }),
  );
};

const RANGE_KEYS = new Set([
  'gte',
  'gt',
  'lte',
  'lt',
  'from',
  'to',
  'include_lower',
  'include_upper',
  'format',
  'time_zone',
  'boost',
  '_name',
  'relation',
]);

const compileRange: Compiler = (body, context, type) => {
  const [field, raw] = singleField(body, type, context);
  if (!isObject(raw))
    throw parsingError(`[range] query does not support [${field}]`, context.locate(field));
  for (const key of Object.keys(raw))
    if (!RANGE_KEYS.has(key))
      throw parsingError(`[range] query does not support [${key}]`, context.locate(key));
  const bounds: RangeBounds = { ...raw };
  // The older from/to form, which OpenSearch still reads.
  if (raw.from !== undefined) bounds[raw.include_lower === false ? 'gt' : 'gte'] = raw.from;
  if (raw.to !== undefined) bounds[raw.include_upper === false ? 'lt' : 'lte'] = raw.to;
  const fieldType = context.typeOf(field);
  const limits = rangeLimits(fieldType, bounds, context);
  const { low, high, lowInclusive, highInclusive } = limits;
  if (field === TIME_FIELD && fieldType === 'date') {
    const lowMs = low === undefined ? -Infinity : (low as number) + (lowInclusive ? 0 : 1);
    const highMs = high === undefined ? Infinity : (high as number) - (highInclusive ? 0 : 1);
    return {
      test: (doc) => doc.ts >= lowMs && doc.ts <= highMs,
      matchesAll: false,
      time: { low: lowMs, high: highMs, required: true },
    };
  }
  return plain(
    fieldTest(field, (item) => {
      const value = comparable(fieldType, item);
      if (value === undefined || (typeof value === 'number' && Number.isNaN(value))) return false;
      if (low !== undefined && (lowInclusive ? value < low : value <= low)) return false;
      if (high !== undefined && (highInclusive ? value > high : value >= high)) return false;
      return true;
    }),
  );
};

const compileExists: Compiler = (body, context, type) => {
  if (!isObject(body) || typeof body.field !== 'string')
    throw parsingError(`[${type}] must be provided with a [field]`, context.locate(type));
  const field = body.field;
  if (field === TIME_FIELD)
    return {
      test: (doc) => !Number.isNaN(doc.ts),
      matchesAll: false,
      time: { ...ANY_TIME, required: true },
    };
  if (field.includes('*')) {
    const pattern = wildcardPattern(field, false);
    const fields = context
      .allFields()
      .filter((name) => pattern.test(name))
      .map(presenceReader);
    return plain((doc) => fields.some((present) => present(doc.source)));
  }
  const present = presenceReader(field);
  return plain((doc) => present(doc.source));
};

export function wildcardPattern(text: string, caseInsensitive: boolean): RegExp {
  let source = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && i + 1 < text.length)
      source += text[++i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'is' : 's');
}

const compilePrefix: Compiler = (body, context, type) => {
  const [field, raw] = singleField(body, type, context);
  const options = optionsOf(raw, 'value', type, field, context);
  const prefix = String(options.value);
  if (options.case_insensitive === true) {
    const lower = prefix.toLowerCase();
    return plain(fieldTest(field, (item) => String(item).toLowerCase().startsWith(lower)));
  }
  return plain(fieldTest(field, (item) => String(item).startsWith(prefix)));
};

const compileWildcard: Compiler = (body, context, type) => {
  const [field, raw] = singleField(body, type, context);
  const options =
    isObject(raw) && 'wildcard' in raw && !('value' in raw) ? { ...raw, value: raw.wildcard } : raw;
  const value = optionsOf(options, 'value', type, field, context);
  const pattern = wildcardPattern(String(value.value), value.case_insensitive === true);
  return plain(fieldTest(field, (item) => pattern.test(String(item))));
};

const compileRegexp: Compiler = (body, context, type) => {
  const [field, raw] = singleField(body, type, context);
  const options = optionsOf(raw, 'value', type, field, context);
  const pattern = new RegExp(
    `^(?:${String(options.value)})$`,
    options.case_insensitive === true ? 'i' : '',
  );
  return plain(fieldTest(field, (item) => pattern.test(String(item))));
};

function clauses(value: unknown, occur: string, context: CompileContext): CompiledQuery[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((clause) => {
    if (!isObject(clause))
      throw parsingError(
        `[bool] query malformed, no start_object after [${occur}]`,
        context.locate(occur),
      );
    return compileQuery(clause, context);
  });
}

const BOOL_KEYS = new Set([
  'must',
  'filter',
  'should',
  'must_not',
  'minimum_should_match',
  'boost',
  '_name',
  'adjust_pure_negative',
]);

/** How many `should` clauses must match: a count, a negative count, or a percentage. */
function requiredShould(value: unknown, count: number, hasRequired: boolean): number {
  if (value === undefined || value === null) return hasRequired ? 0 : Math.min(1, count);
  const text = String(value).trim();
  const percent = text.endsWith('%');
  const number = Number(percent ? text.slice(0, -1) : text);
  let needed = percent ? Math.trunc((count * number) / 100) : number;
  if (needed < 0) needed = count + needed;
  return Math.max(0, Math.min(needed, count));
}

function allOf(tests: Predicate[]): Predicate {
  if (tests.length === 0) return always;
  if (tests.length === 1) return tests[0];
  if (tests.length === 2) {
    const [a, b] = tests;
    return (doc) => a(doc) && b(doc);
  }
  if (tests.length === 3) {
    const [a, b, c] = tests;
    return (doc) => a(doc) && b(doc) && c(doc);
  }
  return (doc) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i](doc)) return false;
    return true;
  };
}

const compileBool: Compiler = (body, context) => {
  if (!isObject(body))
    throw parsingError(
      '[bool] query malformed, no start_object after query name',
      context.locate('bool'),
    );
  for (const key of Object.keys(body))
    if (!BOOL_KEYS.has(key))
      throw parsingError(`[bool] query does not support [${key}]`, context.locate(key));
  const required = [
    ...clauses(body.must, 'must', context),
    ...clauses(body.filter, 'filter', context),
  ];
  const should = clauses(body.should, 'should', context);
  const mustNot = clauses(body.must_not, 'must_not', context);
  const needed = requiredShould(
    body.minimum_should_match,
    should.length,
    required.length > 0 || mustNot.length > 0,
  );
  const time = { ...ANY_TIME };
  for (const clause of required) {
    time.low = Math.max(time.low, clause.time.low);
    time.high = Math.min(time.high, clause.time.high);
    time.required ||= clause.time.required;
  }
  const tests = required.filter((clause) => !clause.matchesAll).map((clause) => clause.test);
  if (needed > 0) {
    const shouldTests = should.map((clause) => clause.test);
    if (needed === 1) tests.push((doc) => shouldTests.some((test) => test(doc)));
    else
      tests.push((doc) => {
        let matched = 0;
        for (const test of shouldTests) if (test(doc) && ++matched >= needed) return true;
        return false;
      });
  }
  if (mustNot.length > 0) {
    const notTests = mustNot.map((clause) => clause.test);
    tests.push((doc) => !notTests.some((test) => test(doc)));
  }
  if (needed > should.length) return { test: never, matchesAll: false, time };
  return { test: allOf(tests), matchesAll: tests.length === 0, time };
};

const compileConstantScore: Compiler = (body, context, type) => {
  if (!isObject(body) || !isObject(body.filter))
    throw parsingError(`[${type}] requires a 'filter' element`, context.locate(type));
  return compileQuery(body.filter, context);
};

const compileMultiMatch: Compiler = (body, context, type) => {
  if (!isObject(body)) throw parsingError(`[${type}] query malformed`, context.locate(type));
  const fields = Array.isArray(body.fields) ? (body.fields as string[]) : ['*'];
  const named = fields.flatMap((field) => {
    const name = field.replace(/\^.*$/, '');
    if (!name.includes('*')) return [name];
    const pattern = wildcardPattern(name, false);
    return context.allFields().filter((known) => pattern.test(known));
  });
  const kind =
    body.type === 'phrase' || body.type === 'phrase_prefix' ? `match_${body.type}` : 'match';
  const tests = named.map(
    (field) =>
      compileMatch(
        { [field]: { query: body.query, operator: body.operator, lenient: true } },
        context,
        kind,
      ).test,
  );
  return plain((doc) => tests.some((test) => test(doc)));
};

const COMPILERS: Record<string, Compiler> = {
  match_all: () => ({ test: always, matchesAll: true, time: ANY_TIME }),
  match_none: () => plain(never),
  term: compileTerm,
  terms: compileTerms,
  ids: compileIds,
  match: compileMatch,
  match_phrase: compileMatch,
  match_phrase_prefix: compileMatch,
  multi_match: compileMultiMatch,
  range: compileRange,
  exists: compileExists,
  prefix: compilePrefix,
  wildcard: compileWildcard,
  regexp: compileRegexp,
  bool: compileBool,
  constant_score: compileConstantScore,
  query_string: (body, context, type) => plain(compileQueryString(body, context, type)),
};
