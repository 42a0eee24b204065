/**
 * Lifecycle steps on the request body: its declared length and media type before it is read (413,
 * 415), a guard on its bytes and time while it is read, and its shape (depth, number of values)
 * once it is parsed (400 naming the limit).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import {
  BodyGuard,
  bodyShapeProblem,
  tooLargeMessage,
  type BodyShapeLimits,
} from '../body-parsers';
import type { Refusal } from './refusal';

export function declaredLengthRefusal(
  headers: IncomingHttpHeaders,
  maxBytes: number,
): Refusal | undefined {
  const declaredLength = headers['content-length'];
  if (declaredLength === undefined || Number(declaredLength) <= maxBytes) return undefined;
  return { statusCode: 413, message: tooLargeMessage(maxBytes) };
}

function acceptsContentType(accepts: readonly string[], contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  return accepts.some(
    (accepted) =>
      accepted === mediaType ||
      (accepted.endsWith('/*') && mediaType.startsWith(accepted.slice(0, -1))),
  );
}

/** 415 when the route names the media types it accepts and the body is none of them. */
export function contentTypeRefusal(
  accepts: readonly string[] | undefined,
  headers: IncomingHttpHeaders,
): Refusal | undefined {
  if (!accepts || acceptsContentType(accepts, headers['content-type'])) return undefined;
  return { statusCode: 415 };
}

/** The body as the handler reads it: cut at `maxBytes`, and at `payloadTimeoutMs` when set. */
export function guardBody(
  payload: Readable,
  maxBytes: number,
  payloadTimeoutMs: number | undefined,
): Readable {
  // pipeline (not pipe) so a client abort also ends the guarded stream the handler reads.
  return pipeline(payload, new BodyGuard(maxBytes, payloadTimeoutMs), () => undefined);
}

export function bodyShapeRefusal(body: unknown, limits: BodyShapeLimits): Refusal | undefined {
  const problem = bodyShapeProblem(body, limits);
  return problem === undefined ? undefined : { statusCode: 400, message: problem };
}
