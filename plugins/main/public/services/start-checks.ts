/**
 * What the dashboard does when a user opens it: the App settings' logo goes into the header, and at
 * the first open after an upgrade (on whichever instance) the health check runs; when a check fails
 * the user is told and pointed to the Health check page.
 */
import type { CoreStart } from '@host/public/types';
import { APP_SETTINGS_ROUTES, type PublicAppSettings } from '../../common/app-settings';
import { SVC_ROUTES } from '../../common/constants';
import { HEALTH_CHECK_ROUTES, type HealthCheckDue, type HealthReport } from '../../common/health';
import { HEALTH_CHECK_APP_ID } from '../apps/app-metadata';
import { logoUrl } from '../apps/app-settings/app-settings-client';

/** Without an answer the built-in logo stays: nothing the user needs is missing. */
export async function showAppSettingsLogo(core: CoreStart): Promise<void> {
  const settings = await core.http
    .get<PublicAppSettings>(APP_SETTINGS_ROUTES.public)
    .catch(() => undefined);
  if (settings?.logo) core.chrome.setCustomLogo(logoUrl(core.http, settings.logo.sha256));
}

export async function runHealthCheckIfDue(core: CoreStart): Promise<void> {
  try {
    const due = await core.http.get<HealthCheckDue>(HEALTH_CHECK_ROUTES.due);
    if (!due.due || core.application.currentAppId() === HEALTH_CHECK_APP_ID) return;
    const report = await core.http.get<HealthReport>(SVC_ROUTES.healthCheck, {
      query: { refresh: true },
    });
    await core.http.post(HEALTH_CHECK_ROUTES.due);
    if (report.state !== 'red') return;
    const failed = report.checks.filter((check) => check.state === 'red');
    core.notifications.toasts.addDanger({
      title: `The health check after the upgrade to ${due.version} found problems`,
      text: `${failed.map((check) => check.title).join(', ')}: open Dashboard management → Health check for their causes and fixes.`,
      'data-test-subj': 'healthCheckAfterUpgradeToast',
    });
  } catch (error) {
    core.notifications.toasts.addWarning({
      title: 'The health check could not run',
      text: (error as Error).message,
    });
  }
}
