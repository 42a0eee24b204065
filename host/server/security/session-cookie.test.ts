import { clearedSessionCookie, readSessionToken, sessionCookie } from './session-cookie';

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, on the base path, Secure only over TLS', () => {
    expect(sessionCookie('tok', { basePath: '', secure: false }, 3600.7)).toBe(
      'svc_session=tok; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(sessionCookie('tok', { basePath: '/dash', secure: true }, 60)).toBe(
      'svc_session=tok; Max-Age=60; Path=/dash; HttpOnly; SameSite=Lax; Secure',
    );
    expect(clearedSessionCookie({ basePath: '/dash', secure: false })).toBe(
      'svc_session=; Max-Age=0; Path=/dash; HttpOnly; SameSite=Lax',
    );
  });

  it('is read from among other cookies', () => {
    expect(readSessionToken({ cookie: 'a=1; svc_session=abc_-9; b=2' })).toBe('abc_-9');
    expect(readSessionToken({ cookie: 'svc_session_old=x;svc_session=y' })).toBe('y');
    expect(readSessionToken({ cookie: ['a=1', 'svc_session=z'] })).toBe('z');
    expect(readSessionToken({ cookie: 'svc_session=' })).toBeUndefined();
    expect(readSessionToken({ cookie: 'other=1' })).toBeUndefined();
    expect(readSessionToken({})).toBeUndefined();
  });
});
