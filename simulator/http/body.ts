/**
 * Request bodies: size limits, media type, JSON parsing and the catalogue's body fields (required,
 * types, no unknown fields), with the managed API's statuses and details for each failure.
 */
import type { IncomingMessage } from 'node:http';
import type { BodyField, RouteBody } from '../../catalogue/types';
import { ApiProblem, badRequest, codedProblem, plainProblem } from './problem';
import { FORMATS } from './params';

/** The API's `max_upload_size`. */
export const MAX_BODY_BYTES = 10_485_760;
/** Limit of a run_as auth context. */
export const MAX_AUTH_CONTEXT_BYTES = 8192;

export async function readBody(
  request: IncomingMessage,
  limit: number,
  onTooLarge: (bytes: number) => ApiProblem,
): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw onTooLarge(declared);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw onTooLarge(size);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function tooLarge(limit: number, read: number): ApiProblem {
  return plainProblem(
    413,
    'Content size exceeded.',
    `Maximum content size limit (${limit}) exceeded (${read} bytes read)`,
  );
}

export function authContextTooLarge(): ApiProblem {
  return new ApiProblem(413, {
    title: 'Request Entity Too Large',
    detail: `Auth context payload exceeds the maximum allowed size of ${MAX_AUTH_CONTEXT_BYTES} bytes.`,
    error: 413,
  });
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  integer: (value) => Number.isInteger(value),
  number: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
  array: (value) => Array.isArray(value),
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
};

function jsonRepr(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

/** Lengths and the API's named formats of a string field (`names` for user, role and policy names). */
function checkString(field: BodyField, value: string): void {
  if (field.minLength !== undefined && value.length < field.minLength)
    throw badRequest(`${jsonRepr(value)} is too short`);
  if (field.maxLength !== undefined && value.length > field.maxLength)
    throw badRequest(`${jsonRepr(value)} is too long`);
  const format = field.format && FORMATS[field.format];
  if (format && !format.test(value))
    throw badRequest(`${jsonRepr(value)} is not a '${field.format}'`);
}

function checkFields(
  fields: readonly BodyField[],
  value: Record<string, unknown>,
  strict: boolean,
): void {
  const known = new Set(fields.map((field) => field.name));
  const unknown = Object.keys(value).filter((key) => !known.has(key));
  if (strict && unknown.length > 0)
    throw badRequest(`Invalid field found {${unknown.map((key) => `'${key}'`).join(', ')}}`);
  for (const field of fields) {
    const fieldValue = value[field.name];
    if (fieldValue === undefined) {
      if (field.required) throw badRequest(`'${field.name}' is a required property`);
      continue;
    }
    const check = field.type && TYPE_CHECKS[field.type];
    if (check && !check(fieldValue) && !(field.nullable && fieldValue === null)) {
      throw badRequest(`${jsonRepr(fieldValue)} is not of type '${field.type}'`);
    }
    if (field.enum && !field.enum.includes(fieldValue as string)) {
      throw badRequest(
        `${jsonRepr(fieldValue)} is not one of ${JSON.stringify(field.enum).replace(/"/g, "'")}`,
      );
    }
    if (typeof fieldValue === 'string') checkString(field, fieldValue);
    if (field.fields && TYPE_CHECKS.object(fieldValue))
      checkFields(field.fields, fieldValue as Record<string, unknown>, false);
  }
}

/**
 * Parses and validates a body against the route's declaration. Returns undefined when no body was sent
 * and none is required.
 */
export function parseBody(
  declared: RouteBody,
  raw: Buffer,
  contentType: string | undefined,
): unknown {
  if (raw.length === 0) {
    if (declared.required) throw badRequest('Request body is required');
    return undefined;
  }
  const type = mediaType(contentType);
  if (!declared.contentTypes.includes(type)) {
    throw plainProblem(
      415,
      'Unsupported Media Type',
      `Invalid Content-type (${type || 'None'}), expected ${JSON.stringify(declared.contentTypes).replace(/"/g, "'")}`,
    );
  }
  if (!type.includes('json')) return raw.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw codedProblem(1018, { node: null });
  }
  if (declared.type === 'object' && !TYPE_CHECKS.object(value))
    throw badRequest(`${jsonRepr(value)} is not of type 'object'`);
  if (declared.fields) checkFields(declared.fields, value as Record<string, unknown>, true);
  return value;
}
