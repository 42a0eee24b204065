/**
 * Reports of module dashboards and of an agent's Security events: a request starts a background
 * job that reads the charts of the view (one aggregate request), lays the PDF out in a worker thread
 * and streams it into the shared store. The alerts are read through `ReportDataSource`, bound to the requesting user, so
 * a report holds exactly what that user may see on the dashboard.
 */
import type { Logger } from '@host/server/types';
import type {
  AlertsAggregateResponse,
  AlertsChartRequest,
  AlertsSelection,
} from '../../../common/alerts/api';
import { moduleById } from '../../../common/modules';
import { agentSecurityEvents } from '../../../common/modules/security-events';
import type { ReportJob, ReportRequest, StoredReport } from '../../../common/modules/reports';
import type { AlertsViewDefinition } from '../../../common/modules/types';
import { resolveTimeRange } from '../alerts/search/time-range';
import { RequestFieldError } from '../request-field-error';
import { importLegacyReports } from './legacy-reports';
import { renderReportPdfInWorker } from './pdf/render-in-worker';
import {
  buildReportContent,
  reportCharts,
  type ReportAgent,
  type ReportBranding,
  type ReportContent,
  type ReportScope,
} from './report-content';
import type { ReportJobs } from './report-jobs';
import type { ReportReader, ReportStore } from './report-store';

/** Reads alerts as the requesting user: the same answers the dashboard's alerts routes give them. */
export interface ReportDataSource {
  aggregate(
    selection: AlertsSelection,
    charts: AlertsChartRequest[],
    signal: AbortSignal,
  ): Promise<AlertsAggregateResponse>;
  /** What the managed API's RBAC lets the user see on the selection's API host. */
  scope(apiHostId: string): Promise<ReportScope>;
  /** The pinned agent as the managed API shows it to the user; undefined when it may not see it. */
  agent(apiHostId: string, agentId: string): Promise<ReportAgent | undefined>;
}

export interface ReportCaller extends ReportReader {
  data: ReportDataSource;
}

/**
 * The pinned agent's details for the report's agent table; a lookup that fails leaves the report
 * standing and says why in the table's place.
 */
async function agentDetails(
  data: ReportDataSource,
  apiHostId: string,
  agentId: string,
): Promise<ReportAgent> {
  try {
    return (
      (await data.agent(apiHostId, agentId)) ?? {
        id: agentId,
        unavailable: 'the managed API does not show this agent to the reporting user',
      }
    );
  } catch (error) {
    return { id: agentId, unavailable: (error as Error).message };
  }
}

export interface ReportsServiceDeps {
  store: ReportStore;
  jobs: ReportJobs;
  /** Characters of filters, and of the query, a report prints. */
  maxPrintedChars: number;
  /** Read for each report, so a change of App settings shows in the next one. */
  branding?: () => Promise<ReportBranding>;
  now?: () => Date;
}

export class ReportsService {
  private readonly now: () => Date;

  constructor(private readonly deps: ReportsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Checks the request and starts its job; the job's id tells how it goes. */
  generate(caller: ReportCaller, request: ReportRequest): Promise<ReportJob> {
    const view = this.viewOf(request);
    const agentId = request.agentId ?? request.selection.agentId;
    const requested = this.now();
    // Resolved once: the report's queries and its printed range are the same instants.
    const asked = request.selection.timeRange;
    if (!asked) throw new RequestFieldError('selection.timeRange', 'a report covers a time range');
    const range = resolveTimeRange(asked, requested, 'selection.timeRange');
    // The view names what it selects (its fixed filters, its dataset): the search service applies it.
    const selection: AlertsSelection = {
      ...request.selection,
      view: view.id,
      dataset: view.dashboard.source,
      timeRange: { from: range.from, to: range.to },
      ...(agentId && { agentId }),
    };
    const name = this.deps.store.newName(view.id, requested, agentId);
    return this.deps.jobs.start(caller.username, view.title, name, async (progress, signal) => {
      progress(5, 'Reading alerts');
      const [answer, scope, agent, branding] = await Promise.all([
        caller.data.aggregate(selection, reportCharts(view, agentId !== undefined), signal),
        caller.data.scope(selection.apiHostId),
        agentId === undefined ? undefined : agentDetails(caller.data, selection.apiHostId, agentId),
        this.deps.branding?.(),
      ]);
      progress(50, 'Drawing the report');
      const content: ReportContent = buildReportContent({
        view,
        selection: { ...selection, timeRange: asked },
        answer,
        scope,
        ...(agent && { agent }),
        user: caller.username,
        generatedAt: this.now(),
        resolvedRange: { from: range.from, to: range.to },
        maxPrintedChars: this.deps.maxPrintedChars,
      });
      if (branding) content.branding = branding;
      const stored = await this.deps.store.save(
        {
          name,
          owner: caller.username,
          title: content.title,
          viewId: view.id,
          ...(agentId && { agentId }),
        },
        requested,
        (output) => {
          progress(60, 'Writing the PDF');
          return renderReportPdfInWorker(content, output, signal);
        },
      );
      return { name: stored.name, size: stored.size };
    });
  }

  job(reader: ReportReader, id: string): Promise<ReportJob> {
    return this.deps.jobs.get(id, reader);
  }

  list(reader: ReportReader): Promise<StoredReport[]> {
    return this.deps.store.list(reader);
  }

  open(reader: ReportReader, name: string) {
    return this.deps.store.open(reader, name);
  }

  delete(reader: ReportReader, name: string): Promise<StoredReport> {
    return this.deps.store.delete(reader, name);
  }

  /** Marks failed the jobs of stopped instances and forgets old ones (once per tick across instances). */
  sweep() {
    return this.deps.jobs.sweep();
  }

  /** Fails the reports this instance is making or queueing: the dashboard is stopping. */
  stop(): void {
    this.deps.jobs.stop();
  }

  /** Moves the reports an earlier version kept under `root` into the shared store. */
  importLegacy(root: string, logger: Logger): Promise<number> {
    return importLegacyReports(root, this.deps.store, logger);
  }

  private viewOf(request: ReportRequest): AlertsViewDefinition {
    if (request.moduleId === undefined) {
      if (request.agentId === undefined)
        throw new RequestFieldError(
          'moduleId',
          'name a module, or an agent for its Security events',
        );
      return agentSecurityEvents;
    }
    const module = moduleById(request.moduleId);
    if (!module) throw new RequestFieldError('moduleId', `[${request.moduleId}] is not a module`);
    return module;
  }
}
