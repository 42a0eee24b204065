/**
 * Request body parsing. Parsed routes accept JSON (also `*+json`), form-urlencoded, `text/*`, octet-stream
 * and multipart (the last two as Buffers); routes that asked for an unparsed body get a Buffer or the stream.
 */
import { Transform, type TransformCallback } from 'node:stream';
import formBody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { HttpStatusError } from '../errors';

export const INVALID_JSON_MESSAGE = 'Invalid request payload JSON format';

export function tooLargeMessage(maxBytes: number): string {
  return `Payload content length greater than maximum allowed: ${maxBytes}`;
}

/** Shape bounds of parsed bodies: beyond them a body that parses is still refused with 400. */
export interface BodyShapeLimits {
  /** Deepest nesting of objects and arrays. */
  maxDepth: number;
  /** Most values (object members and array items, at any depth) in one body. */
  maxValues: number;
}

export function bodyTooDeepMessage(maxDepth: number): string {
  return `Request body nests objects or arrays deeper than ${maxDepth} levels`;
}

export function bodyTooManyValuesMessage(maxValues: number): string {
  return `Request body holds more than ${maxValues} values`;
}

/**
 * Refuses a parsed body nested or sized beyond the limits. Walks with an explicit stack, so a body
 * deeper than the JavaScript call stack is refused rather than crashing whoever recurses into it later.
 */
export function bodyShapeProblem(body: unknown, limits: BodyShapeLimits): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const pending: Array<{ value: object; depth: number }> = [{ value: body, depth: 1 }];
  let values = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > limits.maxDepth) return bodyTooDeepMessage(limits.maxDepth);
    const children: unknown[] = Array.isArray(next.value) ? next.value : Object.values(next.value);
    values += children.length;
    if (values > limits.maxValues) return bodyTooManyValuesMessage(limits.maxValues);
    for (const child of children) {
      if (typeof child === 'object' && child !== null)
        pending.push({ value: child, depth: next.depth + 1 });
    }
  }
  return undefined;
}

/**
 * Form keys such as `__proto__` are plain keys of a null-prototype object (@fastify/formbody), and
 * JSON prototype keys are refused; the shape of what parses is bounded by the router (`bodyShapeProblem`).
 */
export function installParsedBodyParsers(fastify: FastifyInstance): void {
  const strictJson = fastify.getDefaultJsonParser('error', 'error');
  // An empty body with a JSON content type (browsers send one for body-less POSTs) reads as "no body".
  const json = (
    request: unknown,
    body: string | Buffer,
    done: (error: Error | null, value?: unknown) => void,
  ) => {
    if (body.length === 0) done(null, undefined);
    else
      strictJson(request as never, body as string, (error, value) =>
        done(error ? new HttpStatusError('invalid_json', 400, INVALID_JSON_MESSAGE) : null, value),
      );
  };
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, json);
  fastify.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: 'string' }, json);
  void fastify.register(formBody);
  fastify.addContentTypeParser(/^text\//, { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  fastify.addContentTypeParser(
    ['application/octet-stream', 'multipart/form-data'],
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  );
}

export function installRawBodyParser(fastify: FastifyInstance, output: 'buffer' | 'stream'): void {
  fastify.removeAllContentTypeParsers();
  if (output === 'buffer')
    fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
  else fastify.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
}

/**
 * Passes the body through while enforcing a size limit (413) and a time limit for receiving it (408);
 * used where Fastify's own limit does not apply (streamed bodies) and for `options.timeout.payload`.
 */
export class BodyGuard extends Transform {
  private received = 0;
  private readonly timer?: NodeJS.Timeout;

  constructor(
    private readonly maxBytes: number,
    payloadTimeoutMs?: number,
  ) {
    super();
    if (payloadTimeoutMs !== undefined) {
      this.timer = setTimeout(
        () => this.destroy(new HttpStatusError('request_timeout', 408, 'Request Timeout')),
        payloadTimeoutMs,
      );
      this.timer.unref();
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.maxBytes)
      callback(new HttpStatusError('payload_too_large', 413, tooLargeMessage(this.maxBytes)));
    else callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    clearTimeout(this.timer);
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    clearTimeout(this.timer);
    callback(error);
  }
}
