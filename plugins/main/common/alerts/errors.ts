/**
 * The codes of the alerts side's errors (`attributes.code` of an error body, `error.code` of a failed
 * report): the browser tells failures apart by these, never by the HTTP status.
 */

/** The indexer could not answer as asked. */
export const INDEXER_ERROR_CODES = [
  'indexer_not_configured',
  'indexer_unreachable',
  'indexer_timeout',
  'indexer_unauthorized',
  'indexer_rejected',
  'indexer_unavailable',
  'indexer_bad_request',
  'indexer_response_too_large',
  'indexer_bad_answer',
] as const;
export type IndexerErrorCode = (typeof INDEXER_ERROR_CODES)[number];

/** What scopes a view could not be worked out, so no alerts can be shown safely. */
export const ALERTS_SCOPE_ERROR_CODES = [
  /** The user's visible agents are more than `svc.indexer.maxAgentFilter` ids. */
  'agent_filter_too_large',
  /** The managed API did not say which manager or cluster the host's alerts carry. */
  'manager_pin_unavailable',
] as const;
export type AlertsScopeErrorCode = (typeof ALERTS_SCOPE_ERROR_CODES)[number];

/**
 * Whom an alerts route's failure blames: the indexer, what scopes the view (the managed API's
 * pin, the user's agents), or the request itself (anything else, a refused field say). Every view
 * decides what to show by this, never by the HTTP status.
 */
export type AlertsFailureSource = 'indexer' | 'scope' | 'request';

export function alertsFailureSource(code: string | undefined): AlertsFailureSource {
  if ((INDEXER_ERROR_CODES as readonly (string | undefined)[]).includes(code)) return 'indexer';
  if ((ALERTS_SCOPE_ERROR_CODES as readonly (string | undefined)[]).includes(code)) return 'scope';
  return 'request';
}

/** Why a report could not be made. */
export type ReportErrorCode =
  | 'report_timeout'
  | 'report_too_large'
  | 'report_data_unavailable'
  | 'report_render_failed'
  | 'report_store_failed'
  | 'report_instance_stopped';
