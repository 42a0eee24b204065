import { SvcError } from './svc-error';

/** A request a service cannot serve as asked; `field` names the request body field at fault. */
export class RequestFieldError extends SvcError<'invalid_request_field'> {
  readonly code = 'invalid_request_field';
  readonly statusCode = 400;
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`[${field}]: ${reason}`);
  }

  override toAttributes(): Record<string, unknown> {
    return { code: this.code, field: this.field };
  }
}
