/**
 * Reads what a managed API said about a failure. The real API sends problem+json
 * (`{title, detail, remediation, error}`); the specification writes `{data: {title, detail}, message, error}`.
 * Both are understood.
 */
import type { UpstreamDetail } from './errors';

interface AnswerLike {
  status: number;
  data: unknown;
}

function stringField(
  source: Record<string, unknown> | undefined,
  name: string,
): string | undefined {
  const value = source?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export function upstreamProblem(answer: AnswerLike): UpstreamDetail {
  const body = asRecord(answer.data);
  const nested = asRecord(body?.data);
  const error = body?.error;
  return {
    status: answer.status,
    title: stringField(body, 'title') ?? stringField(nested, 'title'),
    detail:
      stringField(body, 'detail') ??
      stringField(nested, 'detail') ??
      stringField(body, 'message') ??
      (typeof answer.data === 'string' && answer.data.length <= 200 ? answer.data : undefined),
    error: typeof error === 'number' ? error : undefined,
  };
}
