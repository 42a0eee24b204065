import type { AuthenticatedUser } from '../../types';
import { authenticationRefusal, resolveUser, type Authenticator } from './authentication';

const alice: AuthenticatedUser = { username: 'alice', roles: ['user'] } as AuthenticatedUser;
const request = { headers: { authorization: 'Basic x' }, ip: '10.0.0.7' };

describe('resolveUser', () => {
  it('hands on the user at once when the authenticator answers at once', () => {
    const seen: Array<AuthenticatedUser | null> = [];
    const authenticate: Authenticator = (headers, address) => {
      expect(headers).toBe(request.headers);
      expect(address).toBe('10.0.0.7');
      return alice;
    };
    resolveUser(authenticate, request, (user) => seen.push(user), fail);
    expect(seen).toEqual([alice]);
  });

  it('waits for an authenticator that answers later', async () => {
    const user = await new Promise((resolve, reject) =>
      resolveUser(() => Promise.resolve(alice), request, resolve, reject),
    );
    expect(user).toBe(alice);
  });

  it('has no user when no authenticator is configured', () => {
    const seen: Array<AuthenticatedUser | null> = [];
    resolveUser(undefined, request, (user) => seen.push(user), fail);
    expect(seen).toEqual([null]);
  });

  it('hands on what the authenticator threw or rejected with', async () => {
    const thrown = new Error('store closed');
    const errors: unknown[] = [];
    resolveUser(
      () => {
        throw thrown;
      },
      request,
      unexpected,
      (error) => errors.push(error),
    );
    expect(errors).toEqual([thrown]);
    const rejected = await new Promise((resolve) =>
      resolveUser(() => Promise.reject(thrown), request, unexpected, resolve),
    );
    expect(rejected).toBe(thrown);
  });
});

describe('authenticationRefusal', () => {
  it('answers 401 only when a login is required and no user was found', () => {
    expect(authenticationRefusal(null, true)).toEqual({ statusCode: 401 });
    expect(authenticationRefusal(null, 'optional')).toBeUndefined();
    expect(authenticationRefusal(null, false)).toBeUndefined();
    expect(authenticationRefusal(alice, true)).toBeUndefined();
  });
});

function fail(error: unknown): never {
  throw error;
}

function unexpected(): never {
  throw new Error('no user was expected');
}
