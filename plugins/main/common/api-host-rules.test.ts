import {
  caFileProblem,
  apiHostIdProblem,
  hostUrlProblem,
  normalizeHostUrl,
  passwordProblem,
  portProblem,
  usernameProblem,
} from './api-host-rules';

describe('API host rules', () => {
  it('checks ids', () => {
    expect(apiHostIdProblem('default')).toBeUndefined();
    expect(apiHostIdProblem('prod-eu.1_a')).toBeUndefined();
    for (const id of ['', '-x', '.x', 'a b', 'a/b', 'x'.repeat(65), 'é'])
      expect(apiHostIdProblem(id)).toBeDefined();
  });

  it('accepts a scheme and host only', () => {
    for (const url of [
      'https://manager.example.org',
      'http://127.0.0.1',
      'https://[::1]',
      'https://manager.example.org/',
    ])
      expect(hostUrlProblem(url)).toBeUndefined();
  });

  it.each([
    ['ftp://manager', 'http or https'],
    ['javascript:alert(1)', 'http or https'],
    ['file:///etc/passwd', 'http or https'],
    ['manager.example.org', 'absolute URL'],
    ['https://user:pw@manager', 'credentials'],
    ['https://manager@evil', 'credentials'],
    ['https://manager:55000', 'port'],
    ['https://manager:443', 'port'],
    ['https://[::1]:55000', 'port'],
    ['https://manager/api', 'path'],
    ['https://manager?x=1', 'path'],
    ['https://manager#x', 'path'],
  ])('rejects %s', (url, reason) => {
    expect(hostUrlProblem(url)).toContain(reason);
  });

  it('normalises URLs to their origin', () => {
    expect(normalizeHostUrl('HTTPS://Manager.Example.org/')).toBe('https://manager.example.org');
  });

  it('checks ports, user names, passwords and CA paths', () => {
    expect(portProblem(55000)).toBeUndefined();
    for (const port of [0, 65536, -1, 1.5, Number.NaN]) expect(portProblem(port)).toBeDefined();
    expect(usernameProblem('wazuh-wui')).toBeUndefined();
    for (const name of ['', 'a:b', 'a\nb', 'x'.repeat(257)])
      expect(usernameProblem(name)).toBeDefined();
    expect(passwordProblem('S3cret!')).toBeUndefined();
    for (const password of ['', 'a\r\nb', 'x'.repeat(1025)])
      expect(passwordProblem(password)).toBeDefined();
    expect(caFileProblem('/etc/ssl/ca.pem')).toBeUndefined();
    expect(caFileProblem('ca.pem')).toBeDefined();
  });
});
