/**
 * What a dashboard user may look like. Each rule returns a message or undefined, so routes use it
 * in their schemas and the user service (also driven by `npm run users`) checks the same rules.
 */
export const DASHBOARD_ROLES = ['admin', 'user'] as const;
export const ADMIN_ROLE = 'admin';
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

const USERNAME_MAX_LENGTH = 64;
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 256;
const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;

export function usernameProblem(username: unknown): string | undefined {
  if (
    typeof username !== 'string' ||
    username.length === 0 ||
    username.length > USERNAME_MAX_LENGTH
  ) {
    return `must be 1 to ${USERNAME_MAX_LENGTH} characters long`;
  }
  if (!USERNAME_PATTERN.test(username)) {
    return 'may contain only letters, digits, ".", "_", "-" and "@", and must start with a letter or digit';
  }
  return undefined;
}

export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string') return 'must be a string';
  if (password.length < PASSWORD_MIN_LENGTH)
    return `must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  return undefined;
}

function isDashboardRole(role: unknown): role is DashboardRole {
  return (DASHBOARD_ROLES as readonly unknown[]).includes(role);
}

export function rolesProblem(roles: unknown): string | undefined {
  if (!Array.isArray(roles) || roles.length === 0 || !roles.every(isDashboardRole)) {
    return `must be a non-empty list of roles from: ${DASHBOARD_ROLES.join(', ')}`;
  }
  return undefined;
}
