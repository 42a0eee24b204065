/**
 * The reports service as the plugin builds it at start, over the shared saved-objects store:
 *
 *   const reports = createReportsService({ repository, limits: config.reports, runInBackground: (name, run) => jobs.runNow(name, run), logger });
 *   jobs.start({ name: 'report-jobs-sweep', schedule, run: () => reports.sweep() });
 */
import type { ISavedObjectsRepository, Logger } from '@host/server/types';
import { GenerationSlots } from './generation-slots';
import { ReportJobs, type BackgroundRunner } from './report-jobs';
import { ReportStore } from './report-store';
import { ReportsService, type ReportsServiceDeps } from './reports-service';
import { REPORT_CHUNK_TYPE, REPORT_JOB_TYPE, REPORT_TYPE } from './saved-object-types';

/** `svc.reports` in the plugin's config. */
interface ReportLimits {
  keptPerUser: number;
  maxSizeBytes: number;
  generationTimeoutMs: number;
  maxConcurrentGenerations: number;
  maxConcurrentPerUser: number;
  maxQueuedGenerations: number;
  stalledAfterMs: number;
  maxPrintedTextChars: number;
}

/** Seconds a refused generation is told to wait: about one report's time. */
const RETRY_AFTER_SECONDS = 10;

/** The hidden types the reports' repository must be given. */
export const REPORT_SAVED_OBJECT_TYPES = [REPORT_TYPE, REPORT_CHUNK_TYPE, REPORT_JOB_TYPE];

export interface ReportsServiceOptions {
  /** An internal repository given `REPORT_SAVED_OBJECT_TYPES`. */
  repository: ISavedObjectsRepository;
  limits: ReportLimits;
  runInBackground: BackgroundRunner;
  logger: Logger;
  branding?: ReportsServiceDeps['branding'];
  now?: () => Date;
}

export function createReportsService(options: ReportsServiceOptions): ReportsService {
  const { limits, repository } = options;
  const store = new ReportStore(repository, limits);
  return new ReportsService({
    store,
    jobs: new ReportJobs({
      repository,
      store,
      slots: new GenerationSlots({
        maxConcurrent: limits.maxConcurrentGenerations,
        maxPerUser: limits.maxConcurrentPerUser,
        maxQueued: limits.maxQueuedGenerations,
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      }),
      limits: { timeoutMs: limits.generationTimeoutMs, stalledAfterMs: limits.stalledAfterMs },
      runInBackground: options.runInBackground,
      logger: options.logger,
      ...(options.now && { now: options.now }),
    }),
    maxPrintedChars: limits.maxPrintedTextChars,
    ...(options.branding && { branding: options.branding }),
    ...(options.now && { now: options.now }),
  });
}

export { alertsReportDataSource } from './alerts-data-source';
export { reportSavedObjectTypes } from './saved-object-types';
export type { ReportsService, ReportDataSource } from './reports-service';
