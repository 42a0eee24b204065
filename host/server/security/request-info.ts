/** Connection facts the route contract does not carry, read from the host's request object. */
import { OsdRequestImpl } from '../http/osd-request';
import type { OsdRequest } from '../types';

/** The client's address (Fastify's `request.ip`), for per-address login throttling. */
export function clientAddressOf(request: OsdRequest): string | undefined {
  return request instanceof OsdRequestImpl ? request.raw.ip : undefined;
}

export function isSecureRequest(request: OsdRequest): boolean {
  return request.url.protocol === 'https:';
}
