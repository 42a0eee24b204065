import type { AuthenticatedUser } from '../../types';
import { roleRefusal } from './role';

const user = (roles: string[]) => ({ username: 'alice', roles }) as AuthenticatedUser;

describe('roleRefusal', () => {
  it('lets through a route without a required role, and a user who has it', () => {
    expect(roleRefusal(undefined, user([]))).toBeUndefined();
    expect(roleRefusal(undefined, null)).toBeUndefined();
    expect(roleRefusal('admin', user(['user', 'admin']))).toBeUndefined();
  });

  it('answers 403 naming the role to a user without it, or to no user', () => {
    const refusal = {
      statusCode: 403,
      message: 'Only dashboard users with the [admin] role can do this.',
      attributes: { code: 'role_required', requiredRole: 'admin' },
    };
    expect(roleRefusal('admin', user(['user']))).toEqual(refusal);
    expect(roleRefusal('admin', null)).toEqual(refusal);
  });
});
