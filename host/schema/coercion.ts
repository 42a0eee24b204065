/**
 * The config-schema coercions: query strings and env values arrive as strings, so numbers,
 * booleans and JSON-encoded objects/arrays are converted before the type check.
 */

const NUMERIC = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?\s*$/i;
const BOOLEAN = /^(?:true|false)$/i;

export function coerceNumber(value: unknown): unknown {
  return typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
}

export function coerceBoolean(value: unknown): unknown {
  return typeof value === 'string' && BOOLEAN.test(value) ? value.toLowerCase() === 'true' : value;
}

export type JsonParseResult = { parsed: true; value: unknown } | { parsed: false };

export function parseJson(text: string): JsonParseResult {
  try {
    return { parsed: true, value: JSON.parse(text) };
  } catch {
    return { parsed: false };
  }
}

/** A JSON string encoding an array becomes that array; anything else is left for the type check. */
export function coerceArray(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const result = parseJson(value);
  return result.parsed && Array.isArray(result.value) ? result.value : value;
}
