/**
 * The reports service as the plugin builds it at start:
 *
 *   const reports = createReportsService({ dataDir, limits: config.reports, runInBackground: (name, run) => jobs.runNow(name, run) });
 *   registerReportRoutes(router, () => ({ reports, reportData: (request, username) => alertsReportDataSource({ alertsSearch, scope }, request, username) }));
 */
import path from 'node:path';
import { ReportJobs, type BackgroundRunner } from './report-jobs';
import { ReportStore } from './report-store';
import { ReportsService } from './reports-service';

/** `svc.reports` in the plugin's config. */
interface ReportLimits {
  keptPerUser: number;
  maxSizeBytes: number;
  generationTimeoutMs: number;
  maxConcurrentGenerations: number;
}

export interface ReportsServiceOptions {
  /** The dashboard's data folder; reports go to its `reports/` folder. */
  dataDir: string;
  limits: ReportLimits;
  runInBackground: BackgroundRunner;
  now?: () => Date;
}

export function createReportsService(options: ReportsServiceOptions): ReportsService {
  const { limits } = options;
  return new ReportsService({
    store: new ReportStore(
      path.join(options.dataDir, 'reports'),
      limits.keptPerUser,
      limits.maxSizeBytes,
    ),
    jobs: new ReportJobs(
      { maxConcurrent: limits.maxConcurrentGenerations, timeoutMs: limits.generationTimeoutMs },
      options.runInBackground,
      options.now,
    ),
    ...(options.now && { now: options.now }),
  });
}

export { alertsReportDataSource } from './alerts-data-source';
export type { ReportsService, ReportDataSource } from './reports-service';
