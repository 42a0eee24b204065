/** Typed refusals of the main plugin's services that are not about one request field. */
import { SvcError } from './svc-error';

/** A cap is reached; retrying after `retryAfterSeconds` may succeed (HTTP 429 with `Retry-After`). */
export class LimitReachedError extends SvcError {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly code: string,
    override readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The thing asked for does not exist, or is not the caller's to see (HTTP 404 either way). */
export class NotFoundError extends SvcError {
  readonly statusCode = 404;
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The caller's dashboard role does not allow this (HTTP 403). */
export class RoleRequiredError extends SvcError<'role_required'> {
  readonly code = 'role_required';
  readonly statusCode = 403;
  constructor(
    readonly requiredRole: string,
    action: string,
  ) {
    super(`Only dashboard users with the [${requiredRole}] role can ${action}.`);
  }

  override toAttributes(): Record<string, unknown> {
    return { code: this.code, requiredRole: this.requiredRole };
  }
}

/** What was sent is larger than the limit allows (HTTP 413). */
export class ContentTooLargeError extends SvcError {
  readonly statusCode = 413;
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The thing changed since the caller read it; applying the change would overwrite another (HTTP 409). */
export class ConflictError extends SvcError {
  readonly statusCode = 409;
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
