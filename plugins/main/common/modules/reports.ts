/** The report routes' contract, shared by the browser (Generate report, Settings → Reports) and the server. */
import type { AlertsSelection } from '../alerts/api';

export const REPORTS_ROUTES = {
  /** `POST`: start a report (202 with its job); `GET`: the caller's reports (an admin's: everyone's). */
  reports: '/api/reports',
  /** `GET`: how a report's generation goes. */
  job: '/api/reports/jobs/{id}',
  /** `GET`: the PDF (an attachment); `DELETE`: remove it. */
  report: '/api/reports/{name}',
} as const;

/** A module's report, or (with `agentId` and no module) an agent's Security events report. */
export interface ReportRequest {
  moduleId?: string;
  agentId?: string;
  selection: AlertsSelection;
}

type ReportJobStatus = 'running' | 'succeeded' | 'failed';

export interface ReportJob {
  id: string;
  owner: string;
  /** What is being reported (the module's or view's title). */
  title: string;
  status: ReportJobStatus;
  /** 0 to 100. */
  progress: number;
  /** What the job is doing, in words. */
  stage: string;
  createdAt: string;
  finishedAt?: string;
  /** The stored report, once made. */
  report?: { name: string; size: number };
  /** Why it failed: a snake_case code and a sentence. */
  error?: { code: string; message: string };
}

/** A stored report, as the list shows it. */
export interface StoredReport {
  name: string;
  owner: string;
  title: string;
  /** The module (or `security-events`) it reports. */
  viewId: string;
  agentId?: string;
  size: number;
  createdAt: string;
}
