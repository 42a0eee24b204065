/**
 * Writes a factory-made response to Fastify: objects as JSON, strings, Buffers and streams as they are
 * (streams are piped, so back-pressure holds), and error statuses as Boom-shaped bodies.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { InvalidResponseError } from '../errors';
import type { ResponseHeaders } from '../types';
import { errorBody, type ErrorWireBody } from './error-body';
import type { OsdResponseImpl } from './response-factory';

function isRaw(body: unknown): body is Buffer | Readable {
  return Buffer.isBuffer(body) || body instanceof Readable;
}

function setHeaders(reply: FastifyReply, headers: ResponseHeaders | undefined): void {
  if (headers) for (const name in headers) reply.header(name, headers[name]);
}

function toErrorWireBody(status: number, payload: unknown): ErrorWireBody {
  if (payload === undefined || payload === null) return errorBody(status);
  if (typeof payload === 'string') return errorBody(status, payload);
  if (payload instanceof Error) return errorBody(status, payload.message);
  const { message, attributes } = payload as {
    message?: unknown;
    attributes?: Record<string, unknown>;
  };
  if (typeof message !== 'string') {
    throw new InvalidResponseError(
      `expected error message to be provided for a ${status} response`,
    );
  }
  return errorBody(status, message, attributes);
}

export function sendOsdResponse(reply: FastifyReply, response: OsdResponseImpl): FastifyReply {
  const { status, payload, options } = response;
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    throw new InvalidResponseError(
      `Unexpected Http status code. Expected from 100 to 599, but given: ${status}`,
    );
  }
  if (status === 302 && !options.headers?.location)
    throw new InvalidResponseError("expected 'location' header to be set");
  const body = status >= 400 && !isRaw(payload) ? toErrorWireBody(status, payload) : payload;
  setHeaders(reply, options.headers);
  reply.code(status);
  return status === 204 || body === undefined ? reply.send() : reply.send(body);
}
