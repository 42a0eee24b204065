/** A CSV export request that cannot be served as asked; `field` names the request field at fault. */
export class CsvRequestError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`[${field}]: ${reason}`);
    this.name = 'CsvRequestError';
  }
}
