/**
 * What the console offers at the cursor, computed from the editor's text and the route index alone
 * (no DOM, no editor view): methods at the start of a request line; paths after the method, with
 * placeholders filled by what was typed; query parameter names after `?` and `&` and their values
 * after `=`; body field names (nested) and their values inside the JSON body of a known route.
 *
 * `apply` is a snippet template: `${name}` is a field for the user to fill, `${}` where the cursor
 * ends; literal braces are escaped as `\{` and `\}`.
 */
import type { Text } from '@codemirror/state';
import { MANAGED_API_METHODS } from '@main/common/managed-api-request';
import type { BodyField, RouteParam } from '@catalogue/types';
import { isCommentLine, isRequestLine } from '../model/request-parser';
import { bodyContextAt, type BodyCursorContext, type BodyToken } from './body-context';
import type { IndexedRoute, RouteIndex } from './route-index';
import { knownValues, valueDetail, valueInfo } from './schema-docs';

export type CompletionKind =
  'method' | 'path' | 'query-name' | 'query-value' | 'body-field' | 'body-value';

export interface ConsoleCompletion {
  label: string;
  kind: CompletionKind;
  /** Short text beside the label (type, required, default; the route's group). */
  detail?: string;
  /** Documentation of the highlighted item. */
  info?: string;
  apply: string;
  /** Open the list again after applying: what was inserted is followed by something to choose. */
  reopen?: boolean;
}

export interface CompletionSet {
  from: number;
  to: number;
  options: ConsoleCompletion[];
}

export interface CompleteOptions {
  /** Asked for (Ctrl+Space) rather than triggered by typing: also offers lists when nothing is typed yet. */
  explicit?: boolean;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Literal text inside a snippet template (the template syntax escapes braces only). */
function escapeTemplate(text: string): string {
  return text.replace(/[{}]/g, (char) => `\\${char}`);
}

/** Whether a template has a field to fill or a cursor mark, or is plain (escaped) text. */
export function hasTemplateFields(template: string): boolean {
  return /[$#]\{/.test(template.replace(/\\[{}]/g, ''));
}

/** The text of a template without fields. */
export function unescapeTemplate(template: string): string {
  return template.replace(/\\([{}])/g, '$1');
}

/** Prefix matches first, then names containing the text, each group in the given order. */
function rank<T>(items: T[], typed: string, name: (item: T) => string): T[] {
  const needle = typed.toLowerCase();
  if (needle === '') return items;
  const prefixed = items.filter((item) => name(item).toLowerCase().startsWith(needle));
  const containing = items.filter(
    (item) =>
      !name(item).toLowerCase().startsWith(needle) && name(item).toLowerCase().includes(needle),
  );
  return [...prefixed, ...containing];
}

// ---------------------------------------------------------------- request line

function methodCompletions(
  index: RouteIndex,
  from: number,
  to: number,
  typed: string,
  hasPath: boolean,
): CompletionSet {
  const options = rank([...MANAGED_API_METHODS], typed, (method) => method).map((method) => {
    const count = index.routeCount(method);
    return {
      label: method,
      kind: 'method' as const,
      detail: `${count} route${count === 1 ? '' : 's'}`,
      info: `${method}: ${count} route${count === 1 ? '' : 's'} in the catalogue${METHODS_WITH_BODY.has(method) ? '; takes a JSON body on the lines below' : ''}`,
      apply: hasPath ? method : `${method} `,
      reopen: !hasPath,
    };
  });
  return { from, to, options };
}

function pathCompletions(
  index: RouteIndex,
  method: string,
  from: number,
  to: number,
  typed: string,
): CompletionSet {
  const seen = new Set<string>();
  const options: ConsoleCompletion[] = [];
  for (const candidate of index.candidates(method, typed === '' ? '/' : typed)) {
    const label = `/${candidate.segments.map((segment) => segment.text).join('/')}`;
    if (seen.has(label)) continue;
    seen.add(label);
    const apply = `/${candidate.segments.map((segment) => (segment.placeholder ? `\${<${segment.placeholder}>}` : escapeTemplate(segment.text))).join('/')}`;
    options.push({
      label,
      kind: 'path',
      detail: candidate.route.route.tag,
      info: candidate.route.info,
      apply,
    });
  }
  return { from, to, options };
}

function paramOption(param: RouteParam, apply: string, reopen: boolean): ConsoleCompletion {
  return {
    label: param.name,
    kind: 'query-name',
    detail: valueDetail(param),
    info: valueInfo(param.name, param),
    apply,
    reopen,
  };
}

/** One `name=value` part of the query string: where it starts, all of it, and the part left of the cursor. */
interface QueryFragment {
  from: number;
  text: string;
  typed: string;
}

/** Values of the parameter after `=`; in a comma-separated list, the item at the cursor among those not chosen yet. */
function queryValueCompletions(
  param: RouteParam,
  fragment: QueryFragment,
  equals: number,
): CompletionSet {
  const value = fragment.typed.slice(equals + 1);
  const itemStart = param.type === 'array' ? value.lastIndexOf(',') + 1 : 0;
  const chosen = new Set(value.slice(0, Math.max(itemStart - 1, 0)).split(','));
  const rest = fragment.text.slice(equals + 1 + itemStart);
  const itemLength = param.type === 'array' && rest.includes(',') ? rest.indexOf(',') : rest.length;
  const values = rank(
    knownValues(param).filter((candidate) => !chosen.has(candidate)),
    value.slice(itemStart),
    (candidate) => candidate,
  );
  const options = values.map((candidate) => ({
    label: candidate,
    kind: 'query-value' as const,
    detail: param.name,
    info: valueInfo(param.name, param),
    apply: escapeTemplate(candidate),
  }));
  const from = fragment.from + equals + 1 + itemStart;
  return { from, to: from + itemLength, options };
}

/** Parameter names of the route, without those written elsewhere in the query. */
function queryNameCompletions(
  route: IndexedRoute,
  otherNames: Set<string>,
  fragment: QueryFragment,
): CompletionSet {
  const equals = fragment.text.indexOf('=');
  const hasValue = equals !== -1;
  const params = rank(
    route.route.queryParams.filter((param) => !otherNames.has(param.name)),
    fragment.typed,
    (param) => param.name,
  );
  const options = params.map((param) =>
    paramOption(
      param,
      hasValue ? param.name : `${escapeTemplate(param.name)}=`,
      !hasValue && knownValues(param).length > 0,
    ),
  );
  return {
    from: fragment.from,
    to: fragment.from + (hasValue ? equals : fragment.text.length),
    options,
  };
}

/** Completions inside the query string; `queryFrom` is where the text after `?` starts. */
function queryCompletions(
  route: IndexedRoute,
  query: string,
  queryFrom: number,
  pos: number,
): CompletionSet | null {
  const offset = pos - queryFrom;
  const parts = query.split('&');
  const current = query.slice(0, offset).split('&').length - 1;
  const start = parts.slice(0, current).reduce((length, part) => length + part.length + 1, 0);
  const fragment = {
    from: queryFrom + start,
    text: parts[current],
    typed: query.slice(start, offset),
  };
  const equals = fragment.typed.indexOf('=');
  if (equals === -1)
    return queryNameCompletions(
      route,
      new Set(
        parts.filter((_, position) => position !== current).map((part) => part.split('=')[0]),
      ),
      fragment,
    );
  const param = route.route.queryParams.find(
    (candidate) => candidate.name === fragment.typed.slice(0, equals),
  );
  return param ? queryValueCompletions(param, fragment, equals) : null;
}

function requestLineCompletions(
  index: RouteIndex,
  text: string,
  lineFrom: number,
  pos: number,
  explicit: boolean,
): CompletionSet | null {
  const [, indent, method, gap, target] = /^(\s*)(\S*)(\s*)(\S*)/.exec(text)!;
  const column = pos - lineFrom;
  const methodFrom = indent.length;
  const methodTo = methodFrom + method.length;
  if (column <= methodTo) {
    const typed = text.slice(methodFrom, column);
    if (typed === '' && !explicit) return null;
    return methodCompletions(
      index,
      lineFrom + methodFrom,
      lineFrom + methodTo,
      typed,
      target !== '',
    );
  }
  const targetFrom = methodTo + gap.length;
  const targetTo = targetFrom + target.length;
  if (gap === '' || column < targetFrom || column > targetTo) return null;
  const upperMethod = method.toUpperCase();
  const typed = text.slice(targetFrom, column);
  if (typed !== '' && !typed.startsWith('/')) return null;
  const queryStart = target.indexOf('?');
  if (queryStart === -1 || column <= targetFrom + queryStart) {
    const pathTo = queryStart === -1 ? targetTo : targetFrom + queryStart;
    return pathCompletions(index, upperMethod, lineFrom + targetFrom, lineFrom + pathTo, typed);
  }
  const route = index.match(upperMethod, target.slice(0, queryStart));
  if (!route) return null;
  return queryCompletions(
    route,
    target.slice(queryStart + 1),
    lineFrom + targetFrom + queryStart + 1,
    pos,
  );
}

// ---------------------------------------------------------------- body

function valueTemplate(field: BodyField, indent: string): string {
  if (field.type === 'object') return `{\n${indent}  \${}\n${indent}}`;
  if (field.type === 'array') return `[\${}]`;
  if (field.type === 'string') return `"\${}"`;
  return '${}';
}

function fieldInfo(field: BodyField): string {
  const nested = field.fields ?? field.items?.fields;
  const info = valueInfo(field.name, field);
  return nested?.length
    ? `${info}\nFields: ${nested.map((child) => (child.required ? `${child.name} (required)` : child.name)).join(', ')}`
    : info;
}

function tokenRange(token: BodyToken | undefined, pos: number): { from: number; to: number } {
  return token ? { from: token.from, to: token.to } : { from: pos, to: pos };
}

function keyCompletions(
  context: Extract<BodyCursorContext, { kind: 'key' }>,
  bodyFrom: number,
  pos: number,
  indent: string,
): CompletionSet {
  const keyOnly = /^\s*:/.test(context.afterToken);
  const fields = rank(
    context.fields.filter((field) => !context.keys.has(field.name)),
    context.token?.typed ?? '',
    (field) => field.name,
  ).sort((left, right) => Number(right.required) - Number(left.required));
  const options = fields.map((field) => ({
    label: field.name,
    kind: 'body-field' as const,
    detail: valueDetail(field),
    info: fieldInfo(field),
    apply: keyOnly
      ? `"${escapeTemplate(field.name)}"`
      : `"${escapeTemplate(field.name)}": ${valueTemplate(field, indent)}`,
    reopen: !keyOnly && knownValues(field).length > 0,
  }));
  const range = tokenRange(context.token, pos - bodyFrom);
  return { from: bodyFrom + range.from, to: bodyFrom + range.to, options };
}

function bodyValueCompletions(
  field: BodyField | undefined,
  token: BodyToken | undefined,
  bodyFrom: number,
  pos: number,
): CompletionSet | null {
  if (!field) return null;
  const values = rank(knownValues(field), token?.typed ?? '', (value) => value);
  const quoted =
    field.type === 'string' || (field.type === 'array' && field.items?.type === 'string');
  const options = values.map((value) => ({
    label: value,
    kind: 'body-value' as const,
    detail: field.name,
    info: valueInfo(field.name, field),
    apply: escapeTemplate(quoted ? JSON.stringify(value) : value),
  }));
  const range = tokenRange(token, pos - bodyFrom);
  return { from: bodyFrom + range.from, to: bodyFrom + range.to, options };
}

/** The request line a body line belongs to, and the lines of that body. */
function owningRequest(
  doc: Text,
  lineNumber: number,
): { line: string; bodyFrom: number; bodyTo: number } | undefined {
  let owner = lineNumber - 1;
  while (
    owner >= 1 &&
    (isCommentLine(doc.line(owner).text) || !isRequestLine(doc.line(owner).text))
  )
    owner -= 1;
  if (owner < 1) return undefined;
  let last = lineNumber;
  while (
    last < doc.lines &&
    !(isRequestLine(doc.line(last + 1).text) && !isCommentLine(doc.line(last + 1).text))
  )
    last += 1;
  return {
    line: doc.line(owner).text,
    bodyFrom: doc.line(owner + 1).from,
    bodyTo: doc.line(last).to,
  };
}

function bodyCompletions(
  index: RouteIndex,
  doc: Text,
  pos: number,
  explicit: boolean,
): CompletionSet | null {
  const current = doc.lineAt(pos);
  const owner = owningRequest(doc, current.number);
  if (!owner) return null;
  const [, method = '', target = ''] = /^\s*(\S+)\s+(\S+)/.exec(owner.line) ?? [];
  if (!METHODS_WITH_BODY.has(method.toUpperCase())) return null;
  const route = index.match(method.toUpperCase(), target.split('?')[0]);
  const rootFields = route?.route.body?.fields;
  if (!rootFields) return null;
  // Comment lines become spaces: they are not JSON, and offsets must stay those of the editor.
  const text = doc
    .sliceString(owner.bodyFrom, owner.bodyTo)
    .split('\n')
    .map((line) => (isCommentLine(line) ? ' '.repeat(line.length) : line))
    .join('\n');
  const context = bodyContextAt(text, pos - owner.bodyFrom, rootFields);
  if (!context || (!context.token && !explicit)) return null;
  const indent = /^\s*/.exec(current.text)![0];
  if (context.kind === 'key') return keyCompletions(context, owner.bodyFrom, pos, indent);
  if (context.kind === 'value')
    return bodyValueCompletions(context.field, context.token, owner.bodyFrom, pos);
  return null;
}

// ---------------------------------------------------------------- entry point

export function completeAt(
  index: RouteIndex,
  doc: Text,
  pos: number,
  options: CompleteOptions = {},
): CompletionSet | null {
  const explicit = options.explicit ?? false;
  const line = doc.lineAt(pos);
  if (isCommentLine(line.text)) return null;
  if (isRequestLine(line.text))
    return requestLineCompletions(index, line.text, line.from, pos, explicit);
  const body = bodyCompletions(index, doc, pos, explicit);
  if (body) return body;
  // An empty line outside a body: the start of the next request.
  if (line.text.trim() === '' && explicit) return methodCompletions(index, pos, pos, '', false);
  return null;
}
