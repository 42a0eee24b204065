/**
 * The response factory handed to route handlers. Responses are instances of `OsdResponseImpl`, so the
 * router can tell a factory-made answer from anything else a handler returns.
 */
import type {
  CustomResponseOptions,
  ErrorBody,
  ErrorResponseOptions,
  HttpResponseOptions,
  OsdResponse,
  ResponseFactory,
  ResponseHeaders,
} from '../types';

export class OsdResponseImpl implements OsdResponse {
  constructor(
    readonly status: number,
    readonly payload: unknown,
    readonly options: { headers?: ResponseHeaders },
  ) {}
}

function success(status: number, options: HttpResponseOptions = {}): OsdResponse {
  return new OsdResponseImpl(status, options.body, { headers: options.headers });
}

function failure(
  status: number,
  defaultMessage: string,
  options: ErrorResponseOptions = {},
): OsdResponse {
  return new OsdResponseImpl(status, options.body ?? defaultMessage, { headers: options.headers });
}

export const responseFactory: ResponseFactory = {
  ok: (options) => success(200, options),
  accepted: (options) => success(202, options),
  noContent: (options = {}) => new OsdResponseImpl(204, undefined, { headers: options.headers }),
  redirected: (options) => success(302, options),
  badRequest: (options) => failure(400, 'Bad Request', options),
  unauthorized: (options) => failure(401, 'Unauthorized', options),
  forbidden: (options) => failure(403, 'Forbidden', options),
  notFound: (options) => failure(404, 'Not Found', options),
  conflict: (options) => failure(409, 'Conflict', options),
  internalError: (options) => failure(500, 'Internal Error', options),
  customError(options: { statusCode: number; body?: ErrorBody; headers?: ResponseHeaders }) {
    if (!options || !options.statusCode) {
      throw new Error(
        `options.statusCode is expected to be set. given options: ${options && options.statusCode}`,
      );
    }
    if (options.statusCode < 400 || options.statusCode >= 600) {
      throw new Error(
        `Unexpected Http status code. Expected from 400 to 599, but given: ${options.statusCode}`,
      );
    }
    return new OsdResponseImpl(options.statusCode, options.body, { headers: options.headers });
  },
  custom(options: CustomResponseOptions) {
    if (!options || !options.statusCode) {
      throw new Error(
        `options.statusCode is expected to be set. given options: ${options && options.statusCode}`,
      );
    }
    return new OsdResponseImpl(options.statusCode, options.body, { headers: options.headers });
  },
};

export function isOsdResponse(value: unknown): value is OsdResponseImpl {
  return value instanceof OsdResponseImpl;
}
