/**
 * The one base of the main plugin's server errors, as `HostError` is the host's: a snake_case
 * `code` the browser switches on, the HTTP status a route answers with (undefined when no request
 * is at fault: a start-up or stored-data problem), and the attributes of the error body. Routes
 * turn any of them into an answer without knowing the class (`routes/error-responses.ts`).
 */
export abstract class SvcError<Code extends string = string> extends Error {
  abstract readonly code: Code;
  abstract readonly statusCode: number | undefined;
  /** Seconds after which trying again makes sense (`Retry-After`), where waiting helps. */
  readonly retryAfterSeconds: number | undefined = undefined;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }

  /** The dashboard error body's `attributes`: the code and what a client may act on. */
  toAttributes(): Record<string, unknown> {
    return { code: this.code };
  }
}
