import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { CONTENT_SECURITY_DIRECTIVES } from './content-security-policy';
import { installSecurityHeaders, securityHeaders } from './security-headers';

describe('security headers', () => {
  it('are exactly what helmet sets on a real response with the same settings', () => {
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    helmet({
      contentSecurityPolicy: { directives: CONTENT_SECURITY_DIRECTIVES },
      strictTransportSecurity: false,
      frameguard: false,
    })(response.req, response, () => undefined);
    expect(Object.fromEntries(securityHeaders())).toEqual(response.getHeaders());
  });

  it('go out on every answer, found or not, with our policy and without HSTS on plain HTTP', async () => {
    const app = Fastify();
    installSecurityHeaders(app);
    app.get('/json', async () => ({ ok: true }));
    for (const url of ['/json', '/missing']) {
      const answer = await app.inject({ url });
      expect(answer.headers).toMatchObject({
        'content-security-policy': expect.stringContaining("script-src 'self'"),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
    await app.close();
  });
});
