export { createSecurityService } from './security-service';
export type { FirstStartRecord } from './first-start';
export type { UserService } from './users/user-service';
export { DASHBOARD_ROLES, type DashboardRole } from './users/user-rules';
