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

const SLOW_BODY_CHUNKS = 8;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Serialises a JSON body: compact, or indented by 3 spaces for `pretty=true`. */
export function serialise(body: unknown, pretty: boolean): string {
  return pretty ? JSON.stringify(body, null, 3) : JSON.stringify(body);
}

export async function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  payload: string,
  faults: FaultKnobs,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const fullLength = Buffer.byteLength(payload);
  let body = payload;
  if (faults.malformedJson && contentType.includes('json'))
    body = payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
  const headers = {
    ...SECURITY_HEADERS,
    ...extraHeaders,
    'Content-Type': contentType,
    'Content-Length': String(faults.truncateBody ? fullLength : Buffer.byteLength(body)),
  };
  response.writeHead(status, headers);
  if (faults.truncateBody) {
    response.write(Buffer.from(payload).subarray(0, Math.floor(fullLength / 2)));
    response.socket?.destroy();
    return;
  }
  if (faults.slowBodyMs > 0 && body.length > 0) {
    const bytes = Buffer.from(body);
    const size = Math.ceil(bytes.length / SLOW_BODY_CHUNKS);
    for (let at = 0; at < bytes.length; at += size) {
      if (response.destroyed) return;
      response.write(bytes.subarray(at, at + size));
      if (at + size < bytes.length) await sleep(faults.slowBodyMs);
    }
    response.end();
    return;
  }
  response.end(body);
}

export { sleep };
