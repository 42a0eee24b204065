/** The browser's client of the report routes: start a report, follow its job, list and delete reports. */
import type { HttpStart } from '@host/public/types';
import {
  REPORTS_ROUTES,
  type ReportJob,
  type ReportRequest,
  type StoredReport,
} from '../../../../common/modules/reports';
import { toSvcError } from '../../../services/svc-error';

const reportPath = (name: string) =>
  REPORTS_ROUTES.report.replace('{name}', encodeURIComponent(name));

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toSvcError(error);
  }
}

export class ReportsClient {
  constructor(private readonly http: HttpStart) {}

  generate(request: ReportRequest): Promise<ReportJob> {
    return call(() =>
      this.http.post<ReportJob>(REPORTS_ROUTES.reports, { body: JSON.stringify(request) }),
    );
  }

  job(id: string, signal?: AbortSignal): Promise<ReportJob> {
    return call(() =>
      this.http.get<ReportJob>(REPORTS_ROUTES.job.replace('{id}', encodeURIComponent(id)), {
        signal,
      }),
    );
  }

  async list(signal?: AbortSignal): Promise<StoredReport[]> {
    const answer = await call(() =>
      this.http.get<{ reports: StoredReport[] }>(REPORTS_ROUTES.reports, { signal }),
    );
    return answer.reports;
  }

  delete(name: string): Promise<unknown> {
    return call(() => this.http.delete(reportPath(name)));
  }

  /** The PDF's address, for a download link (the route answers it as an attachment). */
  downloadUrl(name: string): string {
    return this.http.basePath.prepend(reportPath(name));
  }
}
