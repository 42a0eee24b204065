/** The plugin's health checks: registered during setup, run on demand by `GET /api/health-check`. */
import type { Logger, OsdRequest } from '@host/server/types';
import type { HealthCheckResult, HealthReport, HealthState } from '../../../common/health';

export type HealthCheckOutcome = Pick<HealthCheckResult, 'state' | 'message' | 'fix' | 'details'>;

export interface HealthCheck {
  id: string;
  title: string;
  /**
   * `refresh` asks for a fresh look instead of the last background result; `request` is the asking
   * user's, for checks whose details depend on what that user may see.
   */
  run(options: HealthCheckOptions): Promise<HealthCheckOutcome>;
}

export interface HealthCheckOptions {
  refresh: boolean;
  request?: OsdRequest;
}

const SEVERITY: Record<HealthState, number> = { green: 0, yellow: 1, red: 2 };

export class HealthChecks {
  private readonly checks: HealthCheck[] = [];

  constructor(private readonly logger: Logger) {}

  register(check: HealthCheck): void {
    if (this.checks.some((existing) => existing.id === check.id))
      throw new Error(`Health check [${check.id}] is already registered.`);
    this.checks.push(check);
  }

  async run(options: HealthCheckOptions): Promise<HealthReport> {
    const results = await Promise.all(
      this.checks.map(async (check): Promise<HealthCheckResult> => {
        try {
          return { id: check.id, title: check.title, ...(await check.run(options)) };
        } catch (error) {
          this.logger.error(error as Error, { healthCheck: check.id });
          return {
            id: check.id,
            title: check.title,
            state: 'red',
            message: `The check failed: ${(error as Error).message}`,
            fix: 'Retry; if it fails again, the dashboard log names the cause.',
          };
        }
      }),
    );
    const state = results.reduce<HealthState>(
      (worst, result) => (SEVERITY[result.state] > SEVERITY[worst] ? result.state : worst),
      'green',
    );
    return { state, checks: results };
  }
}
