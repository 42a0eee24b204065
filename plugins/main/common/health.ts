/** What `GET /api/health-check` answers: the state of each check and of the whole. */

export type HealthState = 'green' | 'yellow' | 'red';

export type HealthCheckResult = {
  id: string;
  title: string;
  state: HealthState;
  message: string;
  details?: Record<string, unknown>;
};

export type HealthReport = {
  /** The worst state of all checks. */
  state: HealthState;
  checks: HealthCheckResult[];
};
