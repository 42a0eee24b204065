/**
 * The console's request language, read from the editor's text without any DOM:
 *
 *   # a comment line
 *   GET /agents?status=active
 *   POST /agents
 *   { "name": "web-01" }
 *
 * A request line is `<METHOD> <PATH>` (GET, POST, PUT, DELETE, PATCH; the path starts with `/` and may
 * carry a query string). The lines below it, up to the next request line, are its JSON object body,
 * allowed for POST, PUT and PATCH. Blank and `#` lines are ignored everywhere. Every problem becomes a
 * diagnostic with the text range it is about; a request with a diagnostic is never sent.
 */
import {
  checkManagedApiPath,
  isManagedApiMethod,
  MANAGED_API_METHODS,
  type ManagedApiMethodName,
} from '@main/common/managed-api-request';

interface TextRange {
  from: number;
  to: number;
}

export interface ConsoleDiagnostic extends TextRange {
  message: string;
}

export interface ConsoleRequest {
  /** As typed; a valid one is a ManagedApiMethodName. */
  method: string;
  /** Path without query string (`/agents`); empty when missing. */
  path: string;
  /** Query string without the `?` (`status=active&limit=5`), empty when there is none. */
  query: string;
  /** The JSON object body, when there is a valid one. */
  body?: Record<string, unknown>;
  /** From the start of the request line to the end of its last body line. */
  range: TextRange;
  /** The request line. */
  line: TextRange;
  /** The body lines (comment lines inside it included), when there are any. */
  bodyRange?: TextRange;
  errors: ConsoleDiagnostic[];
}

export interface ParsedBuffer {
  requests: ConsoleRequest[];
  /** Problems outside any request (text before the first request line). */
  errors: ConsoleDiagnostic[];
}

/** A request that passed every rule, ready to go to `POST /api/request`. */
export interface SendableRequest {
  method: ManagedApiMethodName;
  /** Path with its query string. */
  path: string;
  body?: Record<string, unknown>;
}

interface SourceLine extends TextRange {
  text: string;
}

const METHODS_WITH_BODY: ReadonlySet<string> = new Set<ManagedApiMethodName>([
  'POST',
  'PUT',
  'PATCH',
]);
const METHOD_LIST = `${MANAGED_API_METHODS.slice(0, -1).join(', ')} or ${MANAGED_API_METHODS[MANAGED_API_METHODS.length - 1]}`;
const JSON_LITERALS = new Set(['true', 'false', 'null']);
// `GET /x` at the start of a line; indented only for the known methods, so `  true` in a body stays JSON.
const REQUEST_LINE_AT_COLUMN_0 = /^[A-Za-z]+(?=\s|$)/;
const INDENTED_METHOD = new RegExp(`^\\s+(?:${MANAGED_API_METHODS.join('|')})(?=\\s|$)`, 'i');

function splitLines(text: string): SourceLine[] {
  const lines: SourceLine[] = [];
  let from = 0;
  for (const raw of text.split('\n')) {
    lines.push({ from, to: from + raw.length, text: raw });
    from += raw.length + 1;
  }
  return lines;
}

export function isCommentLine(text: string): boolean {
  return /^\s*#/.test(text);
}

function isBlank(text: string): boolean {
  return text.trim() === '';
}

/** Whether a line starts a request (even an invalid one, which then gets its diagnostics). */
export function isRequestLine(text: string): boolean {
  const word = REQUEST_LINE_AT_COLUMN_0.exec(text)?.[0];
  if (word !== undefined) return !JSON_LITERALS.has(word);
  return INDENTED_METHOD.test(text);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function methodProblem(method: string): string | undefined {
  if (isManagedApiMethod(method)) return undefined;
  const upper = method.toUpperCase();
  if (isManagedApiMethod(upper)) return `Write the method in capitals: ${upper}`;
  return `Unknown method "${method}": use ${METHOD_LIST}`;
}

function queryProblem(query: string): string | undefined {
  const unnamed = query.split('&').find((part) => part.startsWith('='));
  return unnamed === undefined ? undefined : `Query parameter without a name: "${unnamed}"`;
}

function pathProblem(target: string): string | undefined {
  if (!target.startsWith('/'))
    return `The path must start with "/" (as in /agents), not "${target}"`;
  const placeholder = /<[^<>/?]*>/.exec(target)?.[0];
  if (placeholder) return `Replace the placeholder ${placeholder} with a value`;
  const check = checkManagedApiPath(target);
  if (!check.valid) return capitalise(check.reason);
  return queryProblem(check.search.slice(1));
}

interface RequestLineParts {
  method: string;
  path: string;
  query: string;
  errors: ConsoleDiagnostic[];
}

function parseRequestLine(line: SourceLine): RequestLineParts {
  const match = /^(\s*)(\S+)(\s*)(\S*)(\s*)(.*)$/.exec(line.text)!;
  const [, indent, method, gap, target, gap2, rest] = match;
  const methodFrom = line.from + indent.length;
  const methodTo = methodFrom + method.length;
  const targetFrom = methodTo + gap.length;
  const errors: ConsoleDiagnostic[] = [];
  const problem = methodProblem(method);
  if (problem) errors.push({ from: methodFrom, to: methodTo, message: problem });
  if (target === '') {
    errors.push({
      from: methodFrom,
      to: methodTo,
      message: `Missing path: write it after the method, as in "${method.toUpperCase()} /agents"`,
    });
    return { method, path: '', query: '', errors };
  }
  const targetProblem = pathProblem(target);
  if (targetProblem)
    errors.push({ from: targetFrom, to: targetFrom + target.length, message: targetProblem });
  if (rest !== '') {
    const restFrom = targetFrom + target.length + gap2.length;
    const message = rest.startsWith('{')
      ? 'Put the JSON body on the lines below the request line'
      : `Unexpected text after the path: "${rest.trim()}"`;
    errors.push({ from: restFrom, to: line.to, message });
  }
  const queryStart = target.indexOf('?');
  return {
    method,
    path: queryStart === -1 ? target : target.slice(0, queryStart),
    query: queryStart === -1 ? '' : target.slice(queryStart + 1),
    errors,
  };
}

/**
 * Where JSON.parse stopped, from its message: V8 says "at position N", Firefox "at line L column C".
 * Undefined when the message names neither (the whole body is marked then).
 */
function jsonErrorOffset(message: string, text: string): number | undefined {
  const position = /position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) {
    const lines = text.split('\n').slice(0, Number(lineColumn[1]) - 1);
    return lines.reduce((offset, line) => offset + line.length + 1, 0) + Number(lineColumn[2]) - 1;
  }
  if (/end of (JSON )?(input|data)/i.test(message)) return text.length;
  return undefined;
}

const ENDS_TOO_EARLY = 'The body ends too early (a bracket or quote is not closed)';

function jsonErrorMessage(message: string, endedEarly: boolean): string {
  const cleaned = message
    .replace(/^JSON\.parse: /, '')
    .replace(/ in JSON at position \d+.*$/, '')
    .replace(/ at line \d+ column \d+ of the JSON data$/, '');
  return `Invalid JSON body: ${endedEarly ? ENDS_TOO_EARLY : cleaned}`;
}

interface ParsedBody {
  body?: Record<string, unknown>;
  errors: ConsoleDiagnostic[];
}

function parseBody(method: string, lines: SourceLine[], range: TextRange): ParsedBody {
  // Comment lines become spaces so JSON.parse positions still map onto the editor's text.
  const text = lines
    .map((line) => (isCommentLine(line.text) ? ' '.repeat(line.text.length) : line.text))
    .join('\n');
  if (isManagedApiMethod(method) && !METHODS_WITH_BODY.has(method)) {
    return {
      errors: [
        {
          ...range,
          message: `${method} requests have no body: remove these lines, or use POST, PUT or PATCH`,
        },
      ],
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const offset = jsonErrorOffset(message, text);
    const endedEarly = offset !== undefined && offset >= text.trimEnd().length;
    // The character the parser stopped at; the last one when the text ran out.
    const at =
      offset === undefined ? undefined : range.from + Math.min(offset, text.trimEnd().length - 1);
    const errorRange = at === undefined ? range : { from: at, to: at + 1 };
    return { errors: [{ ...errorRange, message: jsonErrorMessage(message, endedEarly) }] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      errors: [{ ...range, message: 'The body must be a JSON object, as in { "name": "web-01" }' }],
    };
  }
  return { body: value as Record<string, unknown>, errors: [] };
}

function buildRequest(requestLine: SourceLine, following: SourceLine[]): ConsoleRequest {
  const parts = parseRequestLine(requestLine);
  const contentIndexes = following.flatMap((line, index) =>
    isBlank(line.text) || isCommentLine(line.text) ? [] : [index],
  );
  const request: ConsoleRequest = {
    method: parts.method,
    path: parts.path,
    query: parts.query,
    line: { from: requestLine.from, to: requestLine.to },
    range: { from: requestLine.from, to: requestLine.to },
    errors: parts.errors,
  };
  if (contentIndexes.length === 0) return request;
  const bodyLines = following.slice(
    contentIndexes[0],
    contentIndexes[contentIndexes.length - 1] + 1,
  );
  const bodyRange = { from: bodyLines[0].from, to: bodyLines[bodyLines.length - 1].to };
  const { body, errors } = parseBody(parts.method, bodyLines, bodyRange);
  return {
    ...request,
    body,
    bodyRange,
    range: { from: requestLine.from, to: bodyRange.to },
    errors: [...parts.errors, ...errors],
  };
}

function strayTextError(lines: SourceLine[]): ConsoleDiagnostic[] {
  const content = lines.filter((line) => !isBlank(line.text) && !isCommentLine(line.text));
  if (content.length === 0) return [];
  return [
    {
      from: content[0].from,
      to: content[content.length - 1].to,
      message:
        'This text is not part of a request: a request starts with a line like "GET /agents" (comment lines start with #)',
    },
  ];
}

export function parseConsoleBuffer(text: string): ParsedBuffer {
  const lines = splitLines(text);
  const starts = lines.flatMap((line, index) =>
    !isCommentLine(line.text) && isRequestLine(line.text) ? [index] : [],
  );
  const requests = starts.map((start, position) => {
    const end = position + 1 < starts.length ? starts[position + 1] : lines.length;
    return buildRequest(lines[start], lines.slice(start + 1, end));
  });
  return { requests, errors: strayTextError(lines.slice(0, starts[0] ?? lines.length)) };
}

/** Every diagnostic of the buffer, for the editor's lint markers. */
export function bufferDiagnostics(parsed: ParsedBuffer): ConsoleDiagnostic[] {
  return [...parsed.errors, ...parsed.requests.flatMap((request) => request.errors)];
}

/** The request the cursor is in: the last one whose request line starts at or before `pos` (blank and comment lines after a request belong to it). */
export function requestAt(parsed: ParsedBuffer, pos: number): ConsoleRequest | undefined {
  let found: ConsoleRequest | undefined;
  for (const request of parsed.requests) {
    if (request.line.from > pos) break;
    found = request;
  }
  return found;
}

/** The request as `POST /api/request` takes it, or undefined when it has a problem. */
export function toSendable(request: ConsoleRequest): SendableRequest | undefined {
  if (request.errors.length > 0 || !isManagedApiMethod(request.method)) return undefined;
  const path = request.query === '' ? request.path : `${request.path}?${request.query}`;
  return {
    method: request.method,
    path,
    ...(request.body === undefined ? {} : { body: request.body }),
  };
}

/** The text of a request as the console writes it (history entries loaded back into the editor). */
export function formatRequest(request: SendableRequest): string {
  const line = `${request.method} ${request.path}`;
  return request.body === undefined ? line : `${line}\n${JSON.stringify(request.body, null, 2)}`;
}
