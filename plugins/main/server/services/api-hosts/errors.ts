/** Failures of host-store operations, each with the HTTP status the dashboard answers with. */

export abstract class ApiHostStoreError extends Error {
  abstract readonly statusCode: number;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A field of a host entry is not acceptable; `field` names it (`url`, `port`, ...). */
export class ApiHostInputError extends ApiHostStoreError {
  readonly statusCode = 400;
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`[${field}]: ${reason}`);
  }
}

export class ApiHostMissingError extends ApiHostStoreError {
  readonly statusCode = 404;
  constructor(readonly apiHostId: string) {
    super(`API host [${apiHostId}] is not configured.`);
  }
}

/** The id is taken, or the entry changed since the version the caller read. */
export class ApiHostConflictError extends ApiHostStoreError {
  readonly statusCode = 409;
}
