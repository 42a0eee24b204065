/**
 * Failures of host-store operations of their own, each with the HTTP status the dashboard answers
 * with. A field at fault is a `RequestFieldError`, a missing host svc's `ApiHostNotFoundError`.
 */

export abstract class ApiHostStoreError extends Error {
  abstract readonly statusCode: number;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The id is taken, or the entry changed since the version the caller read. */
export class ApiHostConflictError extends ApiHostStoreError {
  readonly statusCode = 409;
}
