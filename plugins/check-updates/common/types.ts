/** Data shapes of the update-check plugin as stored and as sent over HTTP. */

export const UPDATE_TYPES = ['major', 'minor', 'patch'] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];

/** One release newer than the running version. */
export interface Update {
  /** Semantic version without prefix, e.g. `5.0.0`. */
  version: string;
  /** ISO 8601 date the release was published. */
  published_date: string;
  /** Tag as the managed API names the release, e.g. `v5.0.0`. */
  tag: string;
  /** Release notes summary (Markdown). */
  description: string;
  /** URL of the release notes. */
  release_url: string;
}

/** Attributes of a `svc-check-updates-available-updates` record: one per API host. */
export interface AvailableUpdates {
  api_id: string;
  /** Semantic version the API host runs, without prefix. */
  current_version: string;
  last_available_major: Update | null;
  last_available_minor: Update | null;
  last_available_patch: Update | null;
  /** ISO 8601 time the dashboard last asked the host. */
  last_check_date: string;
}

export interface DismissedUpdate {
  update_type: UpdateType;
  /** ISO 8601 time of the dismissal. */
  dismissed_date: string;
}

/** Attributes of a `svc-check-updates-user-preferences` record: one per dashboard user. */
export interface UserPreferences {
  /** Dismissed versions (semantic version → dismissal). */
  dismissed_updates: Record<string, DismissedUpdate>;
  /** ISO 8601 time of the latest dismissal; null when the user never dismissed anything. */
  last_dismissed_date: string | null;
}

export interface DismissUpdateRequest {
  version: string;
  update_type: UpdateType;
}

// Type aliases rather than interfaces for response bodies: the router takes them as plain records.
export type DismissUpdateResponse = {
  success: boolean;
  message: string;
};

/** Body of `PUT /preferences`: `dismissed_date` defaults to the time of the request. */
export interface ReplaceDismissedUpdatesRequest {
  dismissed_updates: Record<string, { update_type: UpdateType; dismissed_date?: string }>;
}

export type DataResponse<T> = {
  data: T;
};

/** Machine-readable reason carried in `attributes.code` of the plugin's error bodies. */
export type UpdateCheckErrorCode =
  | 'api_host_not_found'
  | 'too_many_dismissals'
  | 'update_check_disabled'
  | 'upstream_error'
  | 'upstream_timeout'
  | 'upstream_invalid_response';
