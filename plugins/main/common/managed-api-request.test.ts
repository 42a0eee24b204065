import { checkManagedApiPath, isManagedApiMethod } from './managed-api-request';

describe('checkManagedApiPath', () => {
  it.each([
    ['/agents', '/agents', ''],
    ['/agents?limit=10&offset=0', '/agents', '?limit=10&offset=0'],
    ['/agents?q=lastKeepAlive>1d;name~"web 1"', '/agents', '?q=lastKeepAlive>1d;name~"web 1"'],
    ['/sca/001/checks/cis_ubuntu22-04', '/sca/001/checks/cis_ubuntu22-04', ''],
    ['/agents?sort=%2Bid', '/agents', '?sort=%2Bid'],
    ['/', '/', ''],
  ])('accepts %s', (path, pathname, search) => {
    expect(checkManagedApiPath(path)).toEqual({ valid: true, pathname, search });
  });

  it.each([
    ['', 'empty'],
    ['agents', 'must start with "/"'],
    ['http://evil.example/agents', 'must start with "/"'],
    ['https:/evil', 'must start with "/"'],
    ['//evil.example/agents', 'single "/"'],
    ['/\\evil.example', 'backslash'],
    ['/agents/../security/users', 'dot segments'],
    ['/agents/%2e%2e/security', 'dot segments'],
    ['/agents/.', 'dot segments'],
    ['/agents/%2F..%2Fx', 'encoded slashes'],
    ['/agents%5c..', 'encoded slashes'],
    ['/agents\r\nHost: evil', 'control character'],
    ['/agents?x=1\nX: y', 'control character'],
    ['/agents\u0000', 'control character'],
    ['/agents#frag', 'fragment'],
    ['/agents//x', 'empty segment'],
    ['/agents/a b', 'percent-encoded'],
    ['/agents/%zz', 'percent-encoded'],
    ['/@evil.example', undefined],
  ])('rejects %j', (path, reason) => {
    const check = checkManagedApiPath(path);
    if (reason === undefined) {
      // `@` is a legal path character: it stays a path on the stored host.
      expect(check.valid).toBe(true);
      return;
    }
    expect(check.valid).toBe(false);
    expect(check.valid === false && check.reason).toContain(reason);
  });

  it('rejects non-strings and over-long paths', () => {
    expect(checkManagedApiPath(42).valid).toBe(false);
    expect(checkManagedApiPath(`/${'a'.repeat(5000)}`).valid).toBe(false);
  });
});

describe('isManagedApiMethod', () => {
  it('accepts the upper-case methods only', () => {
    expect(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].every(isManagedApiMethod)).toBe(true);
    expect(['get', 'HEAD', 'OPTIONS', 'CONNECT', '', undefined].some(isManagedApiMethod)).toBe(
      false,
    );
  });
});
