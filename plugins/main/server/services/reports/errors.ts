/** The report service's typed failures, each with a snake_case code a user can act on. */

export type ReportErrorCode =
  | 'report_timeout'
  | 'report_too_large'
  | 'report_data_unavailable'
  | 'report_render_failed'
  | 'report_store_failed'
  | 'report_instance_stopped';

/** Why a report could not be made; the job's `error` carries its code and message. */
export class ReportError extends Error {
  constructor(
    readonly code: ReportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ReportError';
  }
}

/** The `{code, message}` a failed job shows, from any failure (typed ones keep their code). */
export function describeFailure(error: unknown): { code: string; message: string } {
  if (error instanceof ReportError) return { code: error.code, message: error.message };
  // A selection the alerts service refused (a field it does not know, a date it cannot read).
  if (error instanceof Error && 'field' in error)
    return { code: 'invalid_selection', message: error.message };
  const coded = error as { code?: unknown; message?: unknown; attributes?: { code?: unknown } };
  const code =
    typeof coded?.code === 'string' && /^[a-z][a-z0-9_]*$/.test(coded.code)
      ? coded.code
      : undefined;
  const message =
    typeof coded?.message === 'string' && coded.message ? coded.message : String(error);
  return { code: code ?? 'report_data_unavailable', message };
}
