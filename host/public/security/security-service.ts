/** `core.security`: the signed-in dashboard user (from `GET /api/v1/auth/authinfo`) and logout. */
import { AUTH_INFO_PATH } from '../http/http-client';
import type { CurrentUser, HttpSetup, SecurityStart } from '../types';

const LOGOUT_PATH = '/auth/logout';

interface AuthInfo {
  user_name: string;
  roles: string[];
}

export class SecurityService implements SecurityStart {
  private currentUser?: Promise<CurrentUser>;

  constructor(
    private readonly http: Pick<HttpSetup, 'get' | 'post' | 'basePath'>,
    /** Leaves the page for the login form once the session is closed. */
    private readonly goToLogin: () => void,
  ) {}

  getCurrentUser(): Promise<CurrentUser> {
    this.currentUser ??= this.http.get<AuthInfo>(AUTH_INFO_PATH).then(
      ({ user_name, roles }) => ({ username: user_name, roles }),
      (error) => {
        this.currentUser = undefined;
        throw error;
      },
    );
    return this.currentUser;
  }

  async logout(): Promise<void> {
    await this.http.post(LOGOUT_PATH);
    this.currentUser = undefined;
    this.goToLogin();
  }
}
