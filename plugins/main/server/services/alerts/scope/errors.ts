/** Why the alerts a user may read cannot be worked out. */

export type AlertsScopeErrorCode =
  /** The user's visible agents are more than `svc.indexer.maxAgentFilter` ids. */
  | 'agent_filter_too_large'
  /** The managed API did not say which manager or cluster the host's alerts carry. */
  | 'manager_pin_unavailable';

const STATUS: Record<AlertsScopeErrorCode, number> = {
  // Nothing upstream failed and retrying will not help: the limit has to be raised (documented).
  agent_filter_too_large: 400,
  manager_pin_unavailable: 502,
};

export class AlertsScopeError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: AlertsScopeErrorCode,
    message: string,
    readonly apiHostId: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AlertsScopeError';
    this.statusCode = STATUS[code];
  }

  toAttributes(): Record<string, unknown> {
    return { code: this.code, apiHostId: this.apiHostId, ...this.details };
  }
}
