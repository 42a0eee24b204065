import { startTestSavedObjects, type TestSavedObjects } from '../../saved-objects/testing';
import { UserServiceError } from '../../errors';
import { registerSecurityTypes, SECURITY_TYPES, USER_TYPE } from '../saved-object-types';
import { UserService, type UserChange } from './user-service';

const FAST_HASH = { cost: 1024, blockSize: 8, parallelization: 1, keyLength: 32, saltLength: 16 };

async function failure(promise: Promise<unknown>): Promise<UserServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserServiceError);
  return error as UserServiceError;
}

describe('UserService', () => {
  let so: TestSavedObjects;
  let users: UserService;
  let changes: Array<[string, UserChange]>;

  beforeEach(async () => {
    so = await startTestSavedObjects(registerSecurityTypes);
    changes = [];
    users = new UserService({
      repository: so.start.createInternalRepository(SECURITY_TYPES),
      coordination: so.service.coordination,
      hashParameters: FAST_HASH,
      now: () => new Date('2024-06-01T12:00:00.000Z'),
      onUserChanged: async (username, change) => {
        changes.push([username, change]);
      },
    });
  });
  afterEach(() => so.cleanup());

  it('adds users and lists them by name without hashes', async () => {
    await users.add({ username: 'zoe', password: 'password-z', roles: ['user'] });
    const added = await users.add({
      username: 'adam',
      password: 'password-a',
      roles: ['admin', 'user', 'admin'],
    });
    expect(added).toEqual({
      username: 'adam',
      roles: ['admin', 'user'],
      created_at: '2024-06-01T12:00:00.000Z',
      updated_at: '2024-06-01T12:00:00.000Z',
    });
    const listed = await users.list();
    expect(listed.map((u) => u.username)).toEqual(['adam', 'zoe']);
    expect(JSON.stringify(listed)).not.toMatch(/scrypt|password/);
    await expect(users.get('adam')).resolves.toEqual(added);
    await expect(users.get('nobody')).resolves.toBeUndefined();
  });

  it('keeps the hash in a hidden type that ordinary clients cannot read', async () => {
    await users.add({ username: 'adam', password: 'password-a', roles: ['admin'] });
    const ordinary = so.start.getScopedClient({} as never);
    await expect(ordinary.get(USER_TYPE, 'adam')).rejects.toMatchObject({
      output: { statusCode: 404 },
    });
    const stored = await so.start
      .createInternalRepository([USER_TYPE])
      .get<{ password_hash: string }>(USER_TYPE, 'adam');
    expect(stored.attributes.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
  });

  it('names the field at fault', async () => {
    const cases: Array<[Parameters<UserService['add']>[0], string]> = [
      [
        { username: '', password: 'password-1', roles: ['user'] },
        '[username]: must be 1 to 64 characters long',
      ],
      [
        { username: 'x'.repeat(65), password: 'password-1', roles: ['user'] },
        '[username]: must be 1 to 64 characters long',
      ],
      [
        { username: '-bad name', password: 'password-1', roles: ['user'] },
        '[username]: may contain only letters, digits, ".", "_", "-" and "@", and must start with a letter or digit',
      ],
      [
        { username: 'ok', password: 'short', roles: ['user'] },
        '[password]: must be at least 8 characters long',
      ],
      [
        { username: 'ok', password: 'p'.repeat(257), roles: ['user'] },
        '[password]: must be at most 256 characters long',
      ],
      [
        { username: 'ok', password: 'password-1', roles: [] },
        '[roles]: must be a non-empty list of roles from: admin, user',
      ],
      [
        { username: 'ok', password: 'password-1', roles: ['root' as never] },
        '[roles]: must be a non-empty list of roles from: admin, user',
      ],
    ];
    for (const [input, message] of cases) {
      const error = await failure(users.add(input));
      expect(error.code).toBe('invalid');
      expect(error.message).toBe(message);
      expect(error.field).toBe(message.slice(1, message.indexOf(']')));
    }
    await expect(failure(users.update('ok', {}))).resolves.toMatchObject({
      code: 'invalid',
      message: 'Give a new password, new roles or both',
    });
  });

  it('refuses a duplicate name', async () => {
    await users.add({ username: 'adam', password: 'password-a', roles: ['admin'] });
    await expect(
      failure(users.add({ username: 'adam', password: 'password-b', roles: ['user'] })),
    ).resolves.toMatchObject({
      code: 'exists',
      message: 'User [adam] already exists',
    });
  });

  it('verifies passwords and follows password changes', async () => {
    await users.add({ username: 'adam', password: 'password-a', roles: ['admin'] });
    await expect(users.verify('adam', 'password-a')).resolves.toEqual({
      username: 'adam',
      roles: ['admin'],
    });
    await expect(users.verify('adam', 'password-b')).resolves.toBeNull();
    await expect(users.verify('nobody', 'password-a')).resolves.toBeNull();
    await expect(users.verify('not a valid name!', 'password-a')).resolves.toBeNull();
    await users.passwd('adam', 'password-b');
    await expect(users.verify('adam', 'password-a')).resolves.toBeNull();
    await expect(users.verify('adam', 'password-b')).resolves.toEqual({
      username: 'adam',
      roles: ['admin'],
    });
    expect(changes).toEqual([['adam', 'password']]);
  });

  it('answers not found for unknown users', async () => {
    await expect(failure(users.passwd('ghost', 'password-1'))).resolves.toMatchObject({
      code: 'not_found',
      message: 'User [ghost] not found',
    });
    await expect(failure(users.remove('ghost'))).resolves.toMatchObject({
      code: 'not_found',
      message: 'User [ghost] not found',
    });
  });

  it('never lets the last admin go, by removal or by losing the role', async () => {
    await users.add({ username: 'adam', password: 'password-a', roles: ['admin'] });
    await users.add({ username: 'uma', password: 'password-u', roles: ['user'] });
    await expect(failure(users.remove('adam'))).resolves.toMatchObject({
      code: 'last_admin',
      message: 'Cannot remove [adam], the last admin',
    });
    await expect(failure(users.update('adam', { roles: ['user'] }))).resolves.toMatchObject({
      code: 'last_admin',
      message: 'Cannot take the admin role from [adam], the last admin',
    });
    await users.remove('uma');
    await users.update('adam', { roles: ['admin', 'user'] });
    await users.add({ username: 'bea', password: 'password-b', roles: ['admin'] });
    await users.remove('adam');
    expect(await users.hasAdmin()).toBe(true);
    expect(changes).toEqual([
      ['uma', 'removed'],
      ['adam', 'roles'],
      ['adam', 'removed'],
    ]);
  });

  it('keeps one admin when two admins are removed at the same time', async () => {
    await users.add({ username: 'adam', password: 'password-a', roles: ['admin'] });
    await users.add({ username: 'bea', password: 'password-b', roles: ['admin'] });
    const results = await Promise.allSettled([users.remove('adam'), users.remove('bea')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await users.hasAdmin()).toBe(true);
  });
});
