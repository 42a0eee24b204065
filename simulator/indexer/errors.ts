/**
 * OpenSearch's error answers: `{error: {root_cause, type, reason, ...}, status}`, thrown as
 * `OpenSearchErrorAnswer` by any handler and written by the server as they are.
 */

/** One cause as OpenSearch lists it in `root_cause` and `caused_by`. */
export interface ErrorCause {
  type: string;
  reason: string;
  [extra: string]: unknown;
}

export interface ErrorBody {
  error: ErrorCause & { root_cause: ErrorCause[] };
  status: number;
}

export class OpenSearchErrorAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers?: Record<string, string>,
  ) {
    super(body.error.reason);
  }
}

/** An error whose root cause is itself (most of OpenSearch's request errors). */
export function simpleError(
  status: number,
  type: string,
  reason: string,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
): OpenSearchErrorAnswer {
  const cause = { type, reason, ...extra };
  return new OpenSearchErrorAnswer(
    status,
    { error: { root_cause: [cause], ...cause }, status },
    headers,
  );
}

/**
 * A failure raised on the shards: OpenSearch wraps it as `search_phase_execution_exception` ("all
 * shards failed") with the shard's cause as root cause and `caused_by`.
 */
export function shardFailure(
  status: number,
  index: string,
  cause: ErrorCause,
  phase = 'query',
): OpenSearchErrorAnswer {
  return new OpenSearchErrorAnswer(status, {
    error: {
      root_cause: [cause],
      type: 'search_phase_execution_exception',
      reason: 'all shards failed',
      phase,
      grouped: true,
      failed_shards: [{ shard: 0, index, node: NODE_ID, reason: cause }],
      caused_by: cause,
    },
    status,
  });
}

const NODE_ID = 'Xx3bGqG8QzOkOqwBt0Wv1g';
export const NODE_NAME = 'wazuh-indexer-standin';

export const indexNotFound = (index: string): OpenSearchErrorAnswer =>
  simpleError(404, 'index_not_found_exception', `no such index [${index}]`, {
    index,
    'resource.id': index,
    'resource.type': 'index_or_alias',
    index_uuid: '_na_',
  });

export const badRequest = (reason: string): OpenSearchErrorAnswer =>
  simpleError(400, 'illegal_argument_exception', reason);

/** `parsing_exception` with the position of the offending token, as OpenSearch's parser reports it. */
export function parsingError(
  reason: string,
  position: { line: number; col: number } = { line: 1, col: 1 },
  causedBy?: ErrorCause,
): OpenSearchErrorAnswer {
  return simpleError(400, 'parsing_exception', reason, {
    line: position.line,
    col: position.col,
    ...(causedBy ? { caused_by: causedBy } : {}),
  });
}

export const validationError = (problems: string[]): OpenSearchErrorAnswer =>
  simpleError(
    400,
    'action_request_validation_exception',
    `Validation Failed: ${problems.map((problem, at) => `${at + 1}: ${problem};`).join('')}`,
  );

export function unauthorized(): OpenSearchErrorAnswer {
  return simpleError(
    401,
    'security_exception',
    'Unauthorized',
    {},
    { 'WWW-Authenticate': 'Basic realm="OpenSearch Security"' },
  );
}
