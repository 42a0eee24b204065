/**
 * The usual security headers (helmet) on every answer. helmet decides them once, at start: none of
 * ours depends on the request (no CSP nonce), so its middleware runs once against a recording
 * response and each request only sets the recorded headers. `@fastify/helmet` instead builds the
 * middleware again on every request, parsing the whole Content-Security-Policy each time, and even
 * built once, helmet's chain of a dozen middlewares cost the proxy about 2% of its CPU per request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { CONTENT_SECURITY_DIRECTIVES } from './content-security-policy';

/** The headers helmet sets with our settings, as [lower-case name, value]. */
export function securityHeaders(): ReadonlyArray<readonly [string, string]> {
  const setHeaders = helmet({
    contentSecurityPolicy: { directives: CONTENT_SECURITY_DIRECTIVES },
    // Sent by the onSend hook on HTTPS answers only, including those a trusted proxy terminated.
    strictTransportSecurity: false,
    // Plugins set X-Frame-Options themselves (the main plugin does, as OSD plugins do); CSP
    // frame-ancestors guards framing either way.
    frameguard: false,
  });
  const recorded = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      recorded.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => recorded.delete(name.toLowerCase()),
  };
  let finished = false;
  setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  // helmet's middleware is synchronous; were it ever not, answers must not go out without headers.
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return [...recorded];
}

export function installSecurityHeaders(fastify: FastifyInstance): void {
  const headers = securityHeaders();
  fastify.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
