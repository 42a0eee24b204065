/** Connection facts the route contract does not carry, read from the host's request object. */
import { OsdRequestImpl } from '../http/osd-request';
import type { OsdRequest } from '../types';

/**
 * The client's address for login throttling and logs: the peer's, or what trusted proxies
 * (`SVC_TRUST_PROXY`) say in `X-Forwarded-For` (Fastify's `request.ip`).
 */
export function clientAddressOf(request: OsdRequest): string {
  return request instanceof OsdRequestImpl ? request.raw.ip : 'unknown';
}

export function isSecureRequest(request: OsdRequest): boolean {
  return request.url.protocol === 'https:';
}
