/**
 * An error that knows its HTTP answer (payload too large or too slow, a refused login), thrown where
 * no response factory is at hand; the server's error handler answers with its status and headers.
 */
export class HttpStatusError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpStatusError';
  }
}
