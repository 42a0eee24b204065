/**
 * Reading requests and writing answers the way OpenSearch's HTTP layer does: JSON with
 * `charset=UTF-8`, NDJSON bodies for bulk and msearch, no body for HEAD.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { simpleError } from './errors';

/** OpenSearch's `http.max_content_length`. */
const MAX_BODY_BYTES = 100 * 1024 * 1024;

const JSON_TYPE = 'application/json; charset=UTF-8';

export interface Reply {
  status: number;
  /** Already-serialised JSON (text or buffers in order), or a value to serialise; undefined sends no body. */
  body?: string | unknown;
  headers?: Record<string, string>;
  contentType?: string;
}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw simpleError(
        413,
        'content_too_long_exception',
        `Content length of request [${size}] exceeds [${MAX_BODY_BYTES}]`,
      );
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** Parses a JSON body; OpenSearch answers a broken one with `x_content_parse_exception`. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw simpleError(400, 'x_content_parse_exception', `[1:1] ${(error as Error).message}`);
  }
}

/** NDJSON lines (bulk, msearch), which must end with a newline. */
export function ndjsonLines(text: string, api: 'bulk' | 'msearch'): string[] {
  if (text.length > 0 && !text.endsWith('\n'))
    throw simpleError(
      400,
      'illegal_argument_exception',
      `The ${api} request must be terminated by a newline [\n]`,
    );
  const lines = text.split('\n');
  lines.pop();
  return lines;
}

export function send(response: ServerResponse, reply: Reply, head: boolean): void {
  if (
    Array.isArray(reply.body) &&
    reply.body.length > 0 &&
    reply.body.every((chunk) => Buffer.isBuffer(chunk))
  ) {
    const chunks = reply.body as Buffer[];
    response.writeHead(reply.status, {
      'content-type': reply.contentType ?? JSON_TYPE,
      'content-length': String(chunks.reduce((sum, chunk) => sum + chunk.length, 0)),
      ...reply.headers,
    });
    if (head) {
      response.end();
      return;
    }
    response.cork();
    for (const chunk of chunks) response.write(chunk);
    response.end();
    return;
  }
  const payload =
    reply.body === undefined
      ? ''
      : typeof reply.body === 'string'
        ? reply.body
        : JSON.stringify(reply.body);
  const headers: Record<string, string> = {
    'content-type': reply.contentType ?? JSON_TYPE,
    'content-length': String(Buffer.byteLength(payload)),
    ...reply.headers,
  };
  response.writeHead(reply.status, headers);
  response.end(head ? undefined : payload);
}
