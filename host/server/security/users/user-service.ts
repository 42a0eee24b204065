/**
 * Dashboard users: stored as hidden saved objects whose id is the user name (so the store itself
 * refuses duplicates), with scrypt password hashes that never leave this service.
 */
import { randomBytes } from 'node:crypto';
import type { AuthenticatedUser, ISavedObjectsRepository } from '../../types';
import type { InternalCoordination } from '../../saved-objects';
import { invalidField, savedObjectsErrors, UserServiceError } from '../../errors';
import {
  hashPassword,
  SCRYPT_PARAMETERS,
  verifyPassword,
  type ScryptParameters,
} from '../password-hash';
import { USER_TYPE } from '../saved-object-types';
import { passwordProblem, rolesProblem, usernameProblem, type DashboardRole } from './user-rules';

interface UserAttributes {
  username: string;
  password_hash: string;
  roles: DashboardRole[];
  created_at: string;
  updated_at: string;
}

/** A user as the service shows it: never with its hash. */
export interface DashboardUser {
  username: string;
  roles: DashboardRole[];
  created_at: string;
  updated_at: string;
}

export type UserChange = 'password' | 'roles' | 'removed';

export interface UserServiceOptions {
  /** A repository that includes the hidden user type. */
  repository: ISavedObjectsRepository;
  coordination: InternalCoordination;
  hashParameters?: ScryptParameters;
  now?: () => Date;
  /** Told after a user's password or roles changed or the user was removed (sessions and caches follow). */
  onUserChanged?: (username: string, change: UserChange) => Promise<void>;
}

/** Serialises changes that must see every admin (the last admin cannot go). */
const USERS_LOCK = 'svc.security.users';
const LIST_PAGE_SIZE = 1000;

function publicUser(attributes: UserAttributes): DashboardUser {
  const { username, roles, created_at, updated_at } = attributes;
  return { username, roles: [...roles], created_at, updated_at };
}

function checked(field: string, problem: string | undefined): void {
  if (problem) throw invalidField(field, problem);
}

function uniqueRoles(roles: DashboardRole[]): DashboardRole[] {
  return [...new Set(roles)];
}

export class UserService {
  private readonly repository: ISavedObjectsRepository;
  private readonly coordination: InternalCoordination;
  private readonly hashParameters: ScryptParameters;
  private readonly now: () => Date;
  private readonly onUserChanged: NonNullable<UserServiceOptions['onUserChanged']>;
  private dummyHash?: Promise<string>;

  constructor(options: UserServiceOptions) {
    this.repository = options.repository;
    this.coordination = options.coordination;
    this.hashParameters = options.hashParameters ?? SCRYPT_PARAMETERS;
    this.now = options.now ?? (() => new Date());
    this.onUserChanged = options.onUserChanged ?? (async () => undefined);
  }

  async add(input: {
    username: string;
    password: string;
    roles: DashboardRole[];
  }): Promise<DashboardUser> {
    checked('username', usernameProblem(input.username));
    checked('password', passwordProblem(input.password));
    checked('roles', rolesProblem(input.roles));
    const timestamp = this.now().toISOString();
    const attributes: UserAttributes = {
      username: input.username,
      password_hash: await hashPassword(input.password, this.hashParameters),
      roles: uniqueRoles(input.roles),
      created_at: timestamp,
      updated_at: timestamp,
    };
    try {
      await this.repository.create<UserAttributes>(USER_TYPE, attributes, { id: input.username });
    } catch (error) {
      if (savedObjectsErrors.isConflictError(error))
        throw new UserServiceError('exists', `User [${input.username}] already exists`);
      throw error;
    }
    return publicUser(attributes);
  }

  /** Changes the password, the roles or both; taking `admin` from the last admin is refused. */
  async update(
    username: string,
    changes: { password?: string; roles?: DashboardRole[] },
  ): Promise<DashboardUser> {
    if (changes.password === undefined && changes.roles === undefined) {
      throw new UserServiceError('invalid', 'Give a new password, new roles or both');
    }
    if (changes.password !== undefined) checked('password', passwordProblem(changes.password));
    if (changes.roles !== undefined) checked('roles', rolesProblem(changes.roles));
    const patch: Partial<UserAttributes> = { updated_at: this.now().toISOString() };
    if (changes.password !== undefined)
      patch.password_hash = await hashPassword(changes.password, this.hashParameters);
    if (changes.roles !== undefined) patch.roles = uniqueRoles(changes.roles);

    const updated = await this.coordination.runExclusive(USERS_LOCK, async () => {
      const current = await this.require(username);
      if (patch.roles && current.roles.includes('admin') && !patch.roles.includes('admin')) {
        await this.refuseIfLastAdmin(
          username,
          `Cannot take the admin role from [${username}], the last admin`,
        );
      }
      await this.repository.update<UserAttributes>(USER_TYPE, username, patch);
      return { ...current, ...patch };
    });
    if (changes.password !== undefined) await this.onUserChanged(username, 'password');
    if (changes.roles !== undefined) await this.onUserChanged(username, 'roles');
    return publicUser(updated);
  }

  passwd(username: string, password: string): Promise<DashboardUser> {
    return this.update(username, { password });
  }

  async remove(username: string): Promise<void> {
    await this.coordination.runExclusive(USERS_LOCK, async () => {
      const current = await this.require(username);
      if (current.roles.includes('admin'))
        await this.refuseIfLastAdmin(username, `Cannot remove [${username}], the last admin`);
      await this.repository.delete(USER_TYPE, username);
    });
    await this.onUserChanged(username, 'removed');
  }

  /** Every user, by name. */
  async list(): Promise<DashboardUser[]> {
    return (await this.all()).map(publicUser);
  }

  async get(username: string): Promise<DashboardUser | undefined> {
    const stored = await this.find(username);
    return stored && publicUser(stored);
  }

  async hasAdmin(): Promise<boolean> {
    return (await this.all()).some((user) => user.roles.includes('admin'));
  }

  /**
   * The user when the password is right, else null. Unknown users cost a hash check too, so the
   * answer time does not tell whether a name exists.
   */
  async verify(username: string, password: string): Promise<AuthenticatedUser | null> {
    const stored = usernameProblem(username) ? undefined : await this.find(username);
    const matches = await verifyPassword(
      password,
      stored?.password_hash ?? (await this.hashOfNothing()),
    );
    return stored && matches ? { username: stored.username, roles: [...stored.roles] } : null;
  }

  private hashOfNothing(): Promise<string> {
    return (this.dummyHash ??= hashPassword(
      randomBytes(16).toString('base64'),
      this.hashParameters,
    ));
  }

  private async find(username: string): Promise<UserAttributes | undefined> {
    try {
      return (await this.repository.get<UserAttributes>(USER_TYPE, username)).attributes;
    } catch (error) {
      if (savedObjectsErrors.isNotFoundError(error)) return undefined;
      throw error;
    }
  }

  private async require(username: string): Promise<UserAttributes> {
    const stored = await this.find(username);
    if (!stored) throw new UserServiceError('not_found', `User [${username}] not found`);
    return stored;
  }

  private async refuseIfLastAdmin(username: string, message: string): Promise<void> {
    const otherAdmins = (await this.all()).filter(
      (user) => user.username !== username && user.roles.includes('admin'),
    );
    if (otherAdmins.length === 0) throw new UserServiceError('last_admin', message);
  }

  private async all(): Promise<UserAttributes[]> {
    const users: UserAttributes[] = [];
    for (let page = 1; ; page += 1) {
      const result = await this.repository.find<UserAttributes>({
        type: USER_TYPE,
        sortField: 'username',
        page,
        perPage: LIST_PAGE_SIZE,
      });
      users.push(...result.saved_objects.map((object) => object.attributes));
      if (users.length >= result.total || result.saved_objects.length === 0) return users;
    }
  }
}
