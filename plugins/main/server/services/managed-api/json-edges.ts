/**
 * Whether a body that says JSON starts and ends like one JSON document, judged from its first and
 * last significant bytes: catches a body cut short or an HTML page at no cost per byte.
 */

const JSON_TYPE = /[/+]json\b/i;
const byte = (char: string): number => char.charCodeAt(0);
const DIGITS = new Set([...'0123456789'].map(byte));
/** The byte a JSON document ends with, by the byte it starts with; a number starts and ends so too. */
const JSON_CLOSING = new Map<number, ReadonlySet<number>>([
  ...[...'{["tfn'].map((opening, index): [number, ReadonlySet<number>] => [
    byte(opening),
    new Set([byte('}]"eel'[index])]),
  ]),
  ...[...'-0123456789'].map((opening): [number, ReadonlySet<number>] => [byte(opening), DIGITS]),
]);
const WHITE_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
export const STARTS_UNLIKE_JSON = 'it does not start like JSON';
const ENDS_EARLY = 'it ends before the document does';

export function claimsJson(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_TYPE.test(contentType);
}

/** Whether a JSON document may start with this byte. */
export function opensJson(opening: number): boolean {
  return JSON_CLOSING.has(opening);
}

/** Index of the first byte that is not JSON white space, or -1. */
export function firstSignificantByte(chunk: Buffer): number {
  for (let index = 0; index < chunk.length; index += 1)
    if (!WHITE_SPACE.has(chunk[index])) return index;
  return -1;
}

/** Index of the last byte that is not JSON white space, or -1. */
export function lastSignificantByte(chunk: Buffer): number {
  for (let index = chunk.length - 1; index >= 0; index -= 1)
    if (!WHITE_SPACE.has(chunk[index])) return index;
  return -1;
}

/** Why a body that says JSON does not look like one JSON document from its two ends, if it does not. */
export function jsonEndsProblem(
  opening: number | undefined,
  closing: number | undefined,
): string | undefined {
  const closings = opening === undefined ? undefined : JSON_CLOSING.get(opening);
  if (!closings) return STARTS_UNLIKE_JSON;
  if (closing === undefined || !closings.has(closing)) return ENDS_EARLY;
  return undefined;
}

/** The same check on a body held whole. */
export function wholeJsonProblem(raw: Buffer): string | undefined {
  const first = firstSignificantByte(raw);
  const last = lastSignificantByte(raw);
  // A lone `{` or `"` starts and ends at one byte; only a one-digit number may.
  const closing = last > first || DIGITS.has(raw[last]) ? raw[last] : undefined;
  return jsonEndsProblem(first === -1 ? undefined : raw[first], closing);
}

/**
 * Where JSON.parse stopped, without the piece of the body its message quotes: a large answer is not
 * scrubbed, and a quoted piece could hold part of a secret.
 */
export function parseFailure(error: Error): string {
  if (/end of JSON input/.test(error.message)) return ENDS_EARLY;
  const position = /position (\d+)/.exec(error.message);
  return position ? `unexpected input at character ${position[1]}` : STARTS_UNLIKE_JSON;
}
