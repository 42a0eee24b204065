/**
 * Errors that end a request with an `application/problem+json` body. Handlers throw `ApiProblem`; the
 * server turns it into the response. Bodies follow the managed API: `{title, detail, remediation?,
 * dapi_errors?, error?}`; connexion-level errors (401, 404/405 routing, schema validation) have no `error`.
 */
import { ERROR_CODES, type ErrorCode, problemTitle } from './errors';

export const NODE_NAME = 'node01';
export const UNKNOWN_NODE = 'unknown-node';

export interface ProblemBody {
  title: string;
  detail: string;
  remediation?: string;
  dapi_errors?: Record<string, { error: string; logfile?: string }>;
  error?: number;
}

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly body: ProblemBody,
    readonly headers?: Record<string, string>,
  ) {
    super(body.detail);
  }
}

export interface CodedProblemOptions {
  /** Appended to the code's message as `<message>: <extra>`. */
  extra?: string;
  /** Replaces the code's message entirely (for templated messages such as 1017 and 4000). */
  detail?: string;
  /** Key of `dapi_errors`: the node name, `unknown-node` for callers without cluster:read, or null for
   * errors raised before the framework runs (middleware gates), which carry no `dapi_errors`. */
  node?: string | null;
  /** Appended to the code's remediation as `<remediation>: <extra>`. */
  remediationExtra?: string;
}

/** A framework error raised with a managed-API code (it carries `error` and `dapi_errors`). */
export function codedProblem(code: ErrorCode, options: CodedProblemOptions = {}): ApiProblem {
  const definition = ERROR_CODES[code];
  const detail =
    options.detail ??
    (options.extra ? `${definition.message}: ${options.extra}` : definition.message);
  const body: ProblemBody = { title: problemTitle(definition.status), detail };
  const remediation: string | undefined =
    'remediation' in definition ? definition.remediation : undefined;
  if (remediation)
    body.remediation = options.remediationExtra
      ? `${remediation}: ${options.remediationExtra}`
      : remediation;
  if (options.node !== null) {
    const dapiError: { error: string; logfile?: string } = { error: detail };
    if (definition.status >= 500) dapiError.logfile = 'WAZUH_HOME/logs/api.log';
    body.dapi_errors = { [options.node ?? NODE_NAME]: dapiError };
  }
  body.error = code;
  return new ApiProblem(definition.status, body);
}

/** A request-level error produced before the framework runs (no `error` code, no `dapi_errors`). */
export function plainProblem(status: number, title: string, detail: string): ApiProblem {
  return new ApiProblem(status, { title, detail });
}

export function badRequest(detail: string): ApiProblem {
  return plainProblem(400, 'Bad Request', detail);
}

export const unauthorized = {
  noToken: () => plainProblem(401, 'Unauthorized', 'No authorization token provided'),
  invalidHeader: () => plainProblem(401, 'Unauthorized', 'Invalid authorization header'),
  invalidToken: () => plainProblem(401, 'Unauthorized', 'Invalid token'),
  expiredToken: () => plainProblem(401, 'Unauthorized', 'Token expired'),
  invalidCredentials: () => plainProblem(401, 'Unauthorized', 'Invalid credentials'),
};

/** 403 code 4000 naming the resource family the caller may not use (`agent:id`, `*:*`, `rule:file`...). */
export function permissionDenied(resourceType: string, node: string): ApiProblem {
  return codedProblem(4000, { detail: `Permission denied: Resource type: ${resourceType}`, node });
}
