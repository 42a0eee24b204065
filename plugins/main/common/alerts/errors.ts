/**
 * The codes of the alerts side's errors (`attributes.code` of an error body, `error.code` of a failed
 * report): the browser tells failures apart by these, never by the HTTP status.
 */

/** The indexer could not answer as asked. */
export type IndexerErrorCode =
  | 'indexer_not_configured'
  | 'indexer_unreachable'
  | 'indexer_timeout'
  | 'indexer_unauthorized'
  | 'indexer_rejected'
  | 'indexer_unavailable'
  | 'indexer_bad_request'
  | 'indexer_response_too_large'
  | 'indexer_bad_answer';

export type AlertsScopeErrorCode =
  /** The user's visible agents are more than `svc.indexer.maxAgentFilter` ids. */
  | 'agent_filter_too_large'
  /** The managed API did not say which manager or cluster the host's alerts carry. */
  | 'manager_pin_unavailable';

/** Why a report could not be made. */
export type ReportErrorCode =
  | 'report_timeout'
  | 'report_too_large'
  | 'report_data_unavailable'
  | 'report_render_failed'
  | 'report_store_failed'
  | 'report_instance_stopped';
