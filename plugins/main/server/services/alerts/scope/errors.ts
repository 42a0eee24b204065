/** Why the alerts a user may read cannot be worked out. */
import type { AlertsScopeErrorCode } from '@main/common/alerts/errors';
import { SvcError } from '../../svc-error';

const STATUS: Record<AlertsScopeErrorCode, number> = {
  // Nothing upstream failed and retrying will not help: the limit has to be raised (documented).
  agent_filter_too_large: 400,
  manager_pin_unavailable: 502,
};

export class AlertsScopeError extends SvcError<AlertsScopeErrorCode> {
  readonly statusCode: number;

  constructor(
    readonly code: AlertsScopeErrorCode,
    message: string,
    readonly apiHostId: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }

  override toAttributes(): Record<string, unknown> {
    return { code: this.code, apiHostId: this.apiHostId, ...this.details };
  }
}
