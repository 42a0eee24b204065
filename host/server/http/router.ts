/**
 * `IRouter` for plugins and host services: checks each route declaration when it is made and hands it
 * to the HTTP server, which turns it into Fastify routes when the server starts.
 */
import type {
  IRouter,
  RequestHandler,
  RequestHandlerContext,
  RouteConfig,
  RouteConfigOptions,
  RouteMethod,
  RouteValidatorConfig,
} from '../types';
import { isBoomLike } from './error-body';
import { assertValidationSpecs } from './route-validator';

type BodyMode = 'parsed' | 'buffer' | 'stream' | 'none';

interface NormalizedRouteOptions {
  authRequired: boolean | 'optional';
  xsrfRequired: boolean;
  tags: readonly string[];
  requiredRole?: string;
  perUserRateLimit?: { points: number; durationSeconds: number };
  body: { mode: BodyMode; maxBytes?: number; accepts?: readonly string[] };
  timeout: { payload?: number; idleSocket?: number };
  compress: boolean;
}

export interface RouteDefinition {
  owner: symbol;
  method: RouteMethod;
  path: string;
  validate: RouteValidatorConfig<unknown, unknown, unknown> | false;
  options: NormalizedRouteOptions;
  handler: RequestHandler<unknown, unknown, unknown, RequestHandlerContext>;
}

function bodyOptions(
  method: RouteMethod,
  path: string,
  validate: RouteValidatorConfig<unknown, unknown, unknown> | false,
  body: RouteConfigOptions['body'],
): NormalizedRouteOptions['body'] {
  if (method === 'get') return { mode: 'none' };
  if (body?.output !== undefined && body.output !== 'data' && body.output !== 'stream') {
    throw new Error(
      `[options.body.output: '${String(body.output)}'] in route ${method.toUpperCase()} ${path} is not valid. Only 'data' or 'stream' are valid.`,
    );
  }
  const accepts =
    body?.accepts === undefined
      ? undefined
      : [body.accepts].flat().map((type) => type.toLowerCase());
  // As in the contract: a route declaring neither a body validator nor body options gets the body unparsed.
  const unparsedByDefault =
    body === undefined && (validate === false || validate.body === undefined);
  const output = body?.output ?? (unparsedByDefault ? 'stream' : 'data');
  const parse = body?.parse ?? !unparsedByDefault;
  const mode: BodyMode = output === 'stream' ? 'stream' : parse ? 'parsed' : 'buffer';
  return { mode, maxBytes: body?.maxBytes, accepts };
}

function declaredRole(
  method: RouteMethod,
  path: string,
  options: RouteConfigOptions,
): string | undefined {
  const { requiredRole, authRequired } = options;
  if (requiredRole === undefined) return undefined;
  if (typeof requiredRole !== 'string' || requiredRole === '' || (authRequired ?? true) !== true) {
    throw new Error(
      `[options.requiredRole] in route ${method.toUpperCase()} ${path} must be a role name, on a route that requires a login.`,
    );
  }
  return requiredRole;
}

function declaredRateLimit(
  method: RouteMethod,
  path: string,
  options: RouteConfigOptions,
): NormalizedRouteOptions['perUserRateLimit'] {
  const limit = options.perUserRateLimit;
  if (limit === undefined) return undefined;
  const positive = (n: number) => Number.isSafeInteger(n) && n > 0;
  if (
    !positive(limit.points) ||
    !positive(limit.durationSeconds) ||
    (options.authRequired ?? true) !== true
  ) {
    throw new Error(
      `[options.perUserRateLimit] in route ${method.toUpperCase()} ${path} needs whole positive points and durationSeconds, on a route that requires a login.`,
    );
  }
  return { points: limit.points, durationSeconds: limit.durationSeconds };
}

function normalizeRoute(
  owner: symbol,
  method: RouteMethod,
  route: RouteConfig<unknown, unknown, unknown>,
): Omit<RouteDefinition, 'handler'> {
  const { path, validate, options = {} } = route;
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new Error(
      `The [${method}] route path [${String(path)}] must be an absolute path starting with "/".`,
    );
  }
  if (
    validate === undefined ||
    validate === null ||
    (validate !== false && typeof validate !== 'object')
  ) {
    throw new Error(
      `The [${method}] at [${path}] does not have a 'validate' specified. Use 'false' as the value if you want to bypass validation.`,
    );
  }
  assertValidationSpecs(validate);
  return {
    owner,
    method,
    path,
    validate,
    options: {
      authRequired: options.authRequired ?? true,
      xsrfRequired: method !== 'get' && (options.xsrfRequired ?? true),
      tags: Object.freeze([...(options.tags ?? [])]),
      requiredRole: declaredRole(method, path, options),
      perUserRateLimit: declaredRateLimit(method, path, options),
      body: bodyOptions(method, path, validate, options.body),
      timeout: { ...options.timeout },
      compress: options.compress ?? true,
    },
  };
}

export class Router<
  Context extends RequestHandlerContext = RequestHandlerContext,
> implements IRouter<Context> {
  readonly routerPath = '';
  readonly get = this.registrar('get');
  readonly post = this.registrar('post');
  readonly put = this.registrar('put');
  readonly patch = this.registrar('patch');
  readonly delete = this.registrar('delete');

  constructor(
    private readonly owner: symbol,
    private readonly addRoute: (route: RouteDefinition) => void,
  ) {}

  handleLegacyErrors<P, Q, B>(
    handler: RequestHandler<P, Q, B, Context>,
  ): RequestHandler<P, Q, B, Context> {
    return async (context, request, response) => {
      try {
        return await handler(context, request, response);
      } catch (error) {
        if (!isBoomLike(error)) throw error;
        const { statusCode, payload, headers } = error.output;
        const { message, attributes } = payload as {
          message?: unknown;
          attributes?: Record<string, unknown>;
        };
        return response.customError({
          statusCode,
          body: { message: typeof message === 'string' ? message : error.message, attributes },
          headers: headers as Record<string, string | string[]> | undefined,
        });
      }
    };
  }

  private registrar(method: RouteMethod): IRouter<Context>['get'] {
    return (route, handler) => {
      const definition = normalizeRoute(
        this.owner,
        method,
        route as RouteConfig<unknown, unknown, unknown>,
      );
      this.addRoute({ ...definition, handler: handler as RouteDefinition['handler'] });
    };
  }
}
