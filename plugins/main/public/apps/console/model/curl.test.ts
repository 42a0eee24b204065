import { managedApiUrl, shellQuote, toCurl } from './curl';

const host = { url: 'https://manager.example.org', port: 55000, tls_verify: true };

describe('copy as curl', () => {
  it('aims a GET at the host URL and port with a token placeholder', () => {
    expect(toCurl({ method: 'GET', path: '/agents?status=active' }, host)).toBe(
      'curl -X GET \'https://manager.example.org:55000/agents?status=active\' \\\n  -H "Authorization: Bearer $TOKEN"',
    );
  });

  it('sends a body as JSON and quotes it for the shell', () => {
    const curl = toCurl({ method: 'POST', path: '/agents', body: { name: "o'brien" } }, host);
    expect(curl).toContain("-H 'Content-Type: application/json'");
    expect(curl).toContain(`-d '{"name":"o'\\''brien"}'`);
  });

  it('adds --insecure only for hosts whose certificate is not verified', () => {
    expect(toCurl({ method: 'GET', path: '/' }, { ...host, tls_verify: false })).toContain(
      '--insecure',
    );
    expect(toCurl({ method: 'GET', path: '/' }, host)).not.toContain('--insecure');
  });

  it('percent-encodes what a URL cannot hold', () => {
    expect(managedApiUrl({ url: 'http://10.0.0.5', port: 55000 }, '/agents?q=name="web 1"')).toBe(
      'http://10.0.0.5:55000/agents?q=name=%22web%201%22',
    );
  });

  it('never carries a credential, only the placeholder', () => {
    const curl = toCurl({ method: 'PUT', path: '/agents/001/restart' }, {
      ...host,
      url: 'https://user:secret@manager.example.org',
    } as typeof host);
    expect(curl).not.toContain('secret');
    expect(curl).toContain('$TOKEN');
  });

  it('quotes single quotes for the shell', () => {
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });
});
