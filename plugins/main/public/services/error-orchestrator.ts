/**
 * Every error the apps catch goes through here: the user sees a toast with what the managed API or
 * the dashboard said (title, detail, code, remediation), and the dashboard's UI log gets a line.
 */
import type { HttpStart, ToastsApi } from '@host/public/types';
import { SVC_ROUTES } from '../../common/constants';
import {
  UI_LOG_LOCATION_MAX_LENGTH,
  UI_LOG_MESSAGE_MAX_LENGTH,
  type UiLogLevel,
} from '../../common/ui-logs';
import { isAbortError, type SvcError, toSvcError } from './svc-error';

export interface ErrorReportOptions {
  level?: 'warning' | 'error';
  /** Permission the failed call needed, for a 4000 that does not name it. */
  action?: string;
  /** The view shows the error where it happened, so a toast would say it twice: only log it. */
  shownInPlace?: boolean;
}

export interface ErrorOrchestratorDeps {
  toasts: ToastsApi;
  http: HttpStart;
  /** Where in the UI the user is (app and path), written with each log line. */
  location(): string;
  /** Told of every error shown (usage counts). */
  onReport?(): void;
}

/** What the user reads under the toast's title. */
function describeError(error: SvcError): string {
  const parts = [error.detail];
  if (error.isPermissionDenied) parts.push(permissionSentence(error));
  // Item failures already name their codes in the detail.
  if (error.code !== undefined && !error.detail.includes(`(error ${error.code})`))
    parts.push(`(error ${error.code})`);
  if (error.remediation) parts.push(error.remediation);
  return parts.join(' ');
}

/** "Missing permission: agent:restart on agent:id." — from the call's action and the API's resource type. */
export function permissionSentence(error: SvcError): string {
  const resource = error.deniedResource;
  const what = [error.action, resource && `on ${resource}`].filter(Boolean).join(' ');
  return what ? `Missing permission: ${what}.` : 'The API user lacks a permission for this.';
}

export class ErrorOrchestrator {
  constructor(private readonly deps: ErrorOrchestratorDeps) {}

  /**
   * Toasts and logs `error`, which happened while doing `context` ("Restarting agent 003").
   * Returns it as an SvcError for views that also show it in place; aborted calls are not errors
   * and give undefined.
   */
  report(error: unknown, context: string, options: ErrorReportOptions = {}): SvcError | undefined {
    if (isAbortError(error)) return undefined;
    const svcError = toSvcError(error, options.action);
    const level = options.level ?? 'error';
    const toast = {
      title: `${context}: ${svcError.title}`,
      text: describeError(svcError),
      'data-test-subj': 'svcErrorToast',
    };
    if (!options.shownInPlace) {
      if (level === 'warning') this.deps.toasts.addWarning(toast);
      else this.deps.toasts.addDanger(toast);
    }
    this.deps.onReport?.();
    void this.log(
      level,
      `${context}: ${svcError.title}: ${describeError(svcError)}${svcError.status ? ` [HTTP ${svcError.status}]` : ''}`,
    );
    return svcError;
  }

  /** Writes a line to the dashboard's UI log; a failure to log is dropped, as there is nowhere left to report it. */
  async log(level: UiLogLevel, message: string): Promise<void> {
    try {
      await this.deps.http.post(SVC_ROUTES.uiLogs, {
        body: JSON.stringify({
          level,
          message: message.slice(0, UI_LOG_MESSAGE_MAX_LENGTH),
          location: this.deps.location().slice(0, UI_LOG_LOCATION_MAX_LENGTH),
        }),
      });
    } catch {
      // Logging must never produce another error toast (or loop).
    }
  }
}
