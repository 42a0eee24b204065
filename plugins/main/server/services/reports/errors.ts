/** The report service's typed failures, each with a snake_case code a user can act on. */
import { SavedObjectsErrorHelpers } from '@host/server/types';
import type { ReportErrorCode } from '@main/common/alerts/errors';
import { RequestFieldError } from '../request-field-error';
import { SvcError } from '../svc-error';

const STATUS: Record<ReportErrorCode, number> = {
  report_timeout: 504,
  report_too_large: 413,
  report_data_unavailable: 502,
  // The layout failed on data it was given: a fault of the dashboard's own renderer.
  report_render_failed: 500,
  report_store_failed: 503,
  report_instance_stopped: 503,
};

/** Why a report could not be made; the job's `error` carries its code and message. */
export class ReportError extends SvcError<ReportErrorCode> {
  readonly statusCode: number;

  constructor(
    readonly code: ReportErrorCode,
    message: string,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

/** The `{code, message}` a failed job shows, from any failure (typed ones keep their code). */
export function describeFailure(error: unknown): { code: string; message: string } {
  // A selection the alerts service refused (a field it does not know, a date it cannot read).
  if (error instanceof RequestFieldError)
    return { code: 'invalid_selection', message: error.message };
  if (error instanceof SvcError) return { code: error.code, message: error.message };
  const message = error instanceof Error && error.message ? error.message : String(error);
  if (SavedObjectsErrorHelpers.isSavedObjectsClientError(error))
    return { code: 'report_store_failed', message };
  return { code: 'report_data_unavailable', message };
}
