/** What `GET /api/health-check` answers: the state of each check and of the whole. */

export type HealthState = 'green' | 'yellow' | 'red';

export type HealthCheckResult = {
  id: string;
  title: string;
  state: HealthState;
  /** What was found: on a failure, its cause. */
  message: string;
  /** On a failure: what to do about it. */
  fix?: string;
  details?: Record<string, unknown>;
};

export type HealthReport = {
  /** The worst state of all checks. */
  state: HealthState;
  checks: HealthCheckResult[];
};

/** Whether the health check is due: it runs at the first open of the dashboard after an upgrade. */
export type HealthCheckDue = {
  /** The dashboard's version. */
  version: string;
  /** The version the checks last ran for (on any instance); absent before the first run. */
  lastCheckedVersion?: string;
  due: boolean;
};

/** The managed-API version this dashboard is built for (the original 4.14.7 checks its own). */
export const MANAGED_API_BUILT_FOR = '4.14.7';

export const HEALTH_CHECK_ROUTES = {
  /** `GET`: whether the checks are due; `POST`: records that they ran for this version. */
  due: '/api/health-check/due',
} as const;
