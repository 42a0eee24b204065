/** Typed refusals of the main plugin's services that are not about one request field. */

/** A cap is reached; retrying after `retryAfterSeconds` may succeed (HTTP 429 with `Retry-After`). */
export class LimitReachedError extends Error {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly code: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'LimitReachedError';
  }
}

/** The thing asked for does not exist, or is not the caller's to see (HTTP 404 either way). */
export class NotFoundError extends Error {
  readonly statusCode = 404;
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** The caller's dashboard role does not allow this (HTTP 403). */
export class RoleRequiredError extends Error {
  readonly statusCode = 403;
  constructor(
    readonly requiredRole: string,
    action: string,
  ) {
    super(`Only dashboard users with the [${requiredRole}] role can ${action}.`);
    this.name = 'RoleRequiredError';
  }
}

/** What was sent is larger than the limit allows (HTTP 413). */
export class ContentTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ContentTooLargeError';
  }
}

/** The thing changed since the caller read it; applying the change would overwrite another (HTTP 409). */
export class ConflictError extends Error {
  readonly statusCode = 409;
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}
