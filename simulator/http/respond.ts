/**
 * Writing responses, with the security headers the managed API sends and the body-level fault knobs
 * (slow, truncated and malformed bodies) applied on the way out.
 */
import type { ServerResponse } from 'node:http';
import type { FaultKnobs } from '../faults';

export const JSON_TYPE = 'application/json';
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

const SECURITY_HEADERS = {
  Server: 'Wazuh',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': 'none',
  'X-Content-Type-Options': 'nosniff',
};

const SECURITY_HEADER_LIST = Object.entries(SECURITY_HEADERS).flat();

const SLOW_BODY_CHUNKS = 8;

/** Serialises a JSON body: compact, or indented by 3 spaces for `pretty=true`. */
export function serialise(body: unknown, pretty: boolean): string {
  return pretty ? JSON.stringify(body, null, 3) : JSON.stringify(body);
}

export function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  payload: string,
  faults: FaultKnobs,
  pause: (ms: number) => Promise<void>,
  extraHeaders?: Record<string, string>,
): void | Promise<void> {
  const bodyFaults = faults.malformedJson || faults.truncateBody || faults.slowBodyMs > 0;
  if (!bodyFaults && !extraHeaders) {
    // The common case as a flat header list: no per-request header object to build and walk.
    const length = String(Buffer.byteLength(payload));
    response.writeHead(status, [
      ...SECURITY_HEADER_LIST,
      'Content-Type',
      contentType,
      'Content-Length',
      length,
    ]);
    response.end(payload);
    return;
  }
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    ...extraHeaders,
    'Content-Type': contentType,
  };
  if (!bodyFaults) {
    headers['Content-Length'] = String(Buffer.byteLength(payload));
    response.writeHead(status, headers);
    response.end(payload);
    return;
  }
  return sendWithBodyFaults(response, status, headers, contentType, payload, faults, pause);
}

async function sendWithBodyFaults(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  contentType: string,
  payload: string,
  faults: FaultKnobs,
  pause: (ms: number) => Promise<void>,
): Promise<void> {
  const bytes = Buffer.from(
    faults.malformedJson && contentType.includes('json')
      ? payload.slice(0, Math.max(1, Math.floor(payload.length / 2)))
      : payload,
  );
  if (faults.truncateBody) {
    const full = Buffer.byteLength(payload);
    response.writeHead(status, { ...headers, 'Content-Length': String(full) });
    response.write(bytes.subarray(0, Math.floor(full / 2)));
    // destroySoon flushes the half body first; destroy() could drop it, headers included, which is a refused connection, not a cut-short answer.
    response.socket?.destroySoon();
    return;
  }
  response.writeHead(status, { ...headers, 'Content-Length': String(bytes.length) });
  const size = Math.ceil(bytes.length / SLOW_BODY_CHUNKS);
  for (let at = 0; at < bytes.length; at += size) {
    if (response.destroyed) return;
    response.write(bytes.subarray(at, at + size));
    if (faults.slowBodyMs > 0 && at + size < bytes.length) await pause(faults.slowBodyMs);
  }
  response.end();
}
