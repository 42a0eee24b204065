/** A request a service cannot serve as asked; `field` names the request body field at fault. */
export class RequestFieldError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`[${field}]: ${reason}`);
    this.name = 'RequestFieldError';
  }
}
