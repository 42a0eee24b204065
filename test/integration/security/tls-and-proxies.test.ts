/**
 * HTTPS served directly, HSTS, the session cookie's Secure flag and which peers' X-Forwarded-* headers
 * are believed, on the real server.
 */
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { startTestDashboard, TEST_ADMIN_PASSWORD, type TestDashboard } from '../harness';

jest.setTimeout(60_000);

const LOGIN_BODY = JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD });
const LOGIN_HEADERS = { 'osd-xsrf': 'it', 'content-type': 'application/json' };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

function httpsPost(url: string, ca: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      url,
      { method: 'POST', ca, headers: LOGIN_HEADERS, servername: 'localhost' },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function login(dashboard: TestDashboard, headers: Record<string, string> = {}, body = LOGIN_BODY) {
  return fetch(`${dashboard.url}/auth/login`, {
    method: 'POST',
    headers: { ...LOGIN_HEADERS, ...headers },
    body,
  });
}

const WRONG_LOGIN_BODY = JSON.stringify({ username: 'admin', password: 'wrong-password' });

/** A wrong password for `admin` from the client that `forwardedFor` names. */
function wrongLogin(dashboard: TestDashboard, forwardedFor: string) {
  return login(dashboard, { 'x-forwarded-for': forwardedFor }, WRONG_LOGIN_BODY);
}

describe('HTTPS', () => {
  let dashboard: TestDashboard;
  let certificates: string;
  let ca: string;

  beforeAll(async () => {
    certificates = await mkdtemp(join(tmpdir(), 'svc-tls-'));
    const { cert, private: key } = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
    });
    ca = cert;
    await writeFile(join(certificates, 'cert.pem'), cert);
    await writeFile(join(certificates, 'key.pem'), key);
    dashboard = await startTestDashboard({
      env: {
        SVC_TLS_CERT_FILE: join(certificates, 'cert.pem'),
        SVC_TLS_KEY_FILE: join(certificates, 'key.pem'),
      },
    });
  });
  afterAll(async () => {
    await dashboard?.stop();
    await rm(certificates, { recursive: true, force: true });
  });

  it('serves HTTPS with HSTS and a Secure session cookie', async () => {
    expect(dashboard.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await httpsPost(
      `${dashboard.url.replace('127.0.0.1', 'localhost')}/auth/login`,
      ca,
      LOGIN_BODY,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(String(answer.headers['set-cookie'])).toMatch(/; Secure/);
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('Behind proxies', () => {
  it('ignores X-Forwarded-* from a peer that is not a trusted proxy', async () => {
    const dashboard = await startTestDashboard();
    try {
      const response = await login(dashboard, {
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.7',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).not.toMatch(/Secure/);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await dashboard.stop();
    }
  });

  it('believes a trusted proxy that speaks HTTPS, and takes the client address from it', async () => {
    const dashboard = await startTestDashboard({ env: { SVC_TRUST_PROXY: '127.0.0.1/8' } });
    try {
      const response = await login(dashboard, { 'x-forwarded-proto': 'https' });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
      const plain = await login(dashboard);
      expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
      const refused = await wrongLogin(dashboard, '198.51.100.9');
      expect(refused.status).toBe(401);
      expect(dashboard.logs().join('\n')).toContain('"clientAddress":"198.51.100.9"');
    } finally {
      await dashboard.stop();
    }
  });

  it('with a hop count, believes that many nearest hops and no further, whatever their address', async () => {
    const dashboard = await startTestDashboard({
      env: { SVC_TRUST_PROXY: '1' },
      config: { security: { loginThrottle: { freeAttempts: 1, slowLaneSeconds: 30 } } },
    });
    try {
      const secure = await login(dashboard, { 'x-forwarded-proto': 'https' });
      expect(secure.headers.get('set-cookie')).toMatch(/; Secure/);
      expect((await login(dashboard)).headers.get('set-cookie')).not.toMatch(/Secure/);

      // The client wrote the first address itself; the one proxy appended the address it saw.
      const spoofed = '10.9.9.9, 198.51.100.20';
      for (let attempt = 0; attempt < 2; attempt += 1)
        expect((await wrongLogin(dashboard, spoofed)).status).toBe(401);
      expect(dashboard.logs().join('\n')).toContain('"clientAddress":"198.51.100.20"');
      expect(dashboard.logs().join('\n')).not.toContain('"clientAddress":"10.9.9.9"');
      const throttled = await login(dashboard, { 'x-forwarded-for': spoofed });
      expect(throttled.status).toBe(429);
      // Another address written in front changes nothing: the throttle follows what the proxy saw.
      const rewritten = await login(dashboard, { 'x-forwarded-for': '10.1.1.1, 198.51.100.20' });
      expect(rewritten.status).toBe(429);
      const elsewhere = await login(dashboard, { 'x-forwarded-for': '198.51.100.21' });
      expect(elsewhere.status).toBe(200);
    } finally {
      await dashboard.stop();
    }
  });

  it('with two hops, takes the client address the outer proxy saw', async () => {
    const dashboard = await startTestDashboard({ env: { SVC_TRUST_PROXY: '2' } });
    try {
      const refused = await wrongLogin(dashboard, '203.0.113.30, 10.0.0.2');
      expect(refused.status).toBe(401);
      expect(dashboard.logs().join('\n')).toContain('"clientAddress":"203.0.113.30"');
    } finally {
      await dashboard.stop();
    }
  });

  it('does not start when told to trust every hop', async () => {
    await expect(startTestDashboard({ env: { SVC_TRUST_PROXY: 'true' } })).rejects.toThrow(
      'Invalid configuration [server.trustProxy] (from SVC_TRUST_PROXY): trusting every hop',
    );
  });
});
