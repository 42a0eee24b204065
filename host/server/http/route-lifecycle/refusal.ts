/**
 * A lifecycle step's "no": the status and what the error body says. Steps return one instead of
 * answering themselves, so each is a plain function tested without HTTP, and nothing is allocated
 * for a request that passes.
 */
import type { FastifyReply } from 'fastify';
import { errorBody } from '../error-body';

export interface Refusal {
  statusCode: number;
  /** The body's message; the status's reason phrase when absent. */
  message?: string;
  attributes?: Record<string, unknown>;
  /** Sent as `Retry-After` (seconds) when waiting helps. */
  retryAfterSeconds?: number;
}

export function sendRefusal(reply: FastifyReply, refusal: Refusal): FastifyReply {
  if (refusal.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(refusal.retryAfterSeconds));
  return reply
    .code(refusal.statusCode)
    .send(errorBody(refusal.statusCode, refusal.message, refusal.attributes));
}
