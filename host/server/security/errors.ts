/** Typed failures of the user service, each with a snake_case `code`; routes and the users script turn them into statuses and exit codes. */
export type UserErrorCode = 'invalid' | 'not_found' | 'exists' | 'last_admin';

export class UserServiceError extends Error {
  constructor(
    readonly code: UserErrorCode,
    message: string,
    /** The input field at fault, for `invalid`. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'UserServiceError';
  }
}

export function invalidField(field: string, problem: string): UserServiceError {
  return new UserServiceError('invalid', `[${field}]: ${problem}`, field);
}
