export {
  createSecurityService,
  type SecurityConfig,
  type SecurityService,
  type SecurityServiceOptions,
} from './security-service';
export type { FirstStartRecord } from './first-start';
export { INITIAL_ADMIN_PASSWORD_FILE, INITIAL_ADMIN_USERNAME } from './first-start';
export { UserServiceError, type UserErrorKind } from './errors';
export type { DashboardUser, UserService } from './users/user-service';
export { DASHBOARD_ROLES, type DashboardRole } from './users/user-rules';
export { SESSION_COOKIE_NAME } from './session-cookie';
export type { LoginThrottleConfig } from './login-throttle';
