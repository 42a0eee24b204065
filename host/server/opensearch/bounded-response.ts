/**
 * A node's answer, bounded: the client reads a body whole into one string, and inflates a gzip or
 * deflate body whole in one call (a 600 MB inflation ends the process with `ERR_STRING_TOO_LONG`).
 * Here the body is inflated as a stream and cut, compressed and inflated, past `maxResponseBytes`;
 * the client then sees a plain body no longer than the limit, or an error.
 */
import type { IncomingMessage } from 'node:http';
import { PassThrough, Transform, pipeline, type TransformCallback } from 'node:stream';
import { createUnzip } from 'node:zlib';

const TOO_LARGE = 'indexer answer larger than maxResponseBytes';

/**
 * True for the failure a cut answer becomes: the client turns the stream's error into its own
 * `ConnectionError` carrying this message, so the message is what is left to tell it by.
 */
export function isResponseTooLarge(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith(TOO_LARGE);
}

function tooLarge(maxBytes: number): Error {
  return new Error(`${TOO_LARGE} (${maxBytes} bytes)`);
}

/** Passes bytes on until more than `maxBytes` went through, then fails. */
function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(tooLarge(maxBytes));
      else callback(null, chunk);
    },
  });
}

const COMPRESSED = /gzip|deflate/i;

/** `response` as the client reads it: plain, bounded, with its status and the headers that apply. */
export function boundedResponse(
  response: IncomingMessage,
  maxBytes: number,
  /** Told of an answer cut or broken off while read. */
  onFailure: (error: Error) => void = () => undefined,
): IncomingMessage {
  const { 'content-encoding': encoding, 'content-length': length, ...headers } = response.headers;
  const compressed = encoding !== undefined && COMPRESSED.test(encoding);
  const body = Object.assign(new PassThrough(), {
    statusCode: response.statusCode,
    statusMessage: response.statusMessage,
    headers: compressed ? headers : { ...headers, ...(length && { 'content-length': length }) },
  });
  if (length !== undefined && Number(length) > maxBytes) {
    response.destroy();
    const error = tooLarge(maxBytes);
    onFailure(error);
    process.nextTick(() => body.destroy(error));
    return body as unknown as IncomingMessage;
  }
  const stages = compressed
    ? [byteLimit(maxBytes), createUnzip(), byteLimit(maxBytes)]
    : [byteLimit(maxBytes)];
  pipeline([response, ...stages, body], (error) => {
    if (!error) return;
    onFailure(error);
    body.destroy(error);
  });
  return body as unknown as IncomingMessage;
}
