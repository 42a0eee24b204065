/**
 * The usual security headers (helmet) on every answer. Wired by hand rather than through
 * `@fastify/helmet`, which builds helmet's middleware again on every request (parsing the whole
 * Content-Security-Policy each time, a few per cent of the proxy's CPU): here it is built once.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { CONTENT_SECURITY_DIRECTIVES } from './content-security-policy';

export function installSecurityHeaders(fastify: FastifyInstance): void {
  const setHeaders = helmet({
    contentSecurityPolicy: { directives: CONTENT_SECURITY_DIRECTIVES },
    // Sent by the onSend hook on HTTPS answers only, including those a trusted proxy terminated.
    strictTransportSecurity: false,
    // Plugins set X-Frame-Options themselves (the main plugin does, as OSD plugins do); CSP
    // frame-ancestors guards framing either way.
    frameguard: false,
  });
  // helmet throws rather than passing an error on (since 8.1): its callback only says it is done.
  fastify.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, () => done()),
  );
}
