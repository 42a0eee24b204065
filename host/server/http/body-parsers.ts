/**
 * Request body parsing. Parsed routes accept JSON (also `*+json`), form-urlencoded, `text/*`, octet-stream
 * and multipart (the last two as Buffers); routes that asked for an unparsed body get a Buffer or the stream.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** An error whose HTTP status the error handler answers with (payload too large, payload time-out). */
export class HttpStatusError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpStatusError';
  }
}

export const INVALID_JSON_MESSAGE = 'Invalid request payload JSON format';

export function tooLargeMessage(maxBytes: number): string {
  return `Payload content length greater than maximum allowed: ${maxBytes}`;
}

function formToObject(text: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const existing = result[key];
    result[key] = existing === undefined ? value : [existing, value].flat();
  }
  return result;
}

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
        done(error ? new HttpStatusError(400, INVALID_JSON_MESSAGE) : null, value),
      );
  };
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, json);
  fastify.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: 'string' }, json);
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, formToObject(body as string)),
  );
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
        () => this.destroy(new HttpStatusError(408, 'Request Timeout')),
        payloadTimeoutMs,
      );
      this.timer.unref();
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.maxBytes)
      callback(new HttpStatusError(413, tooLargeMessage(this.maxBytes)));
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
