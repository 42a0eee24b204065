/**
 * Failures of host-store operations of their own, each with the HTTP status the dashboard answers
 * with. A field at fault is a `RequestFieldError`, a missing host svc's `ApiHostNotFoundError`.
 */
import { SvcError } from '../svc-error';

/** The id is taken, or the entry changed since the version the caller read. */
export class ApiHostConflictError extends SvcError<'api_host_conflict'> {
  readonly code = 'api_host_conflict';
  readonly statusCode = 409;
}
