import { loginUrl, safeNextUrl } from './next-url';

describe('login redirects', () => {
  it('builds the login URL with the way back', () => {
    expect(loginUrl('/svc', '/svc/app/agents?q=a%3Db')).toBe(
      '/svc/login?next=%2Fsvc%2Fapp%2Fagents%3Fq%3Da%253Db',
    );
    expect(loginUrl('')).toBe('/login');
  });

  it('accepts paths of this dashboard', () => {
    expect(safeNextUrl('', '/app/agents?x=1#top')).toBe('/app/agents?x=1#top');
    expect(safeNextUrl('/svc', '/svc/app/rules')).toBe('/svc/app/rules');
  });

  it.each([
    ['missing', null],
    ['another origin', 'https://evil.example/app'],
    ['protocol-relative', '//evil.example/app'],
    ['backslash trick', '/\\evil.example'],
    ['control character', '/app/\tx'],
    ['outside the base path', '/other/app'],
    ['the login page itself', '/svc/login?next=/svc/app'],
  ])('falls back to the apps for %s', (_case, next) => {
    expect(safeNextUrl('/svc', next)).toBe('/svc/app');
  });
});
