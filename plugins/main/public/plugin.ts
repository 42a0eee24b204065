/**
 * Browser side of the `svc` plugin. Setup: chart palette, query languages, apps and their
 * navigation links. Start: global services, the host's security warnings hidden, local usage
 * counts when enabled, and error orchestration. Neither phase exposes an API.
 */
import { DismissNotificationCheck, UpdatesNotification } from '../../check-updates/public';
import type { AppMountParameters, CoreSetup, CoreStart, Plugin } from '../../../host/public/types';
import { SVC_APPS } from './apps/app-definitions';
import { createChartPalette, type ChartPalette } from './charts/palette';
import { registerSvcQueryLanguages, QueryLanguageRegistry } from './query-languages/registry';
import { ApiHostsClient } from './services/api-hosts-client';
import { CsvExporter } from './services/csv-export';
import { ErrorOrchestrator } from './services/error-orchestrator';
import { ManagedApi } from './services/managed-api';
import { getSvcServices, setSvcServices } from './services/svc-services';
import { createTelemetry } from './services/telemetry';
import { runHealthCheckIfDue, showAppSettingsLogo } from './services/start-checks';

export type SvcPublicSetup = Record<string, never>;
export type SvcPublicStart = Record<string, never>;

export class SvcPublicPlugin implements Plugin<SvcPublicSetup, SvcPublicStart> {
  private readonly queryLanguages = new QueryLanguageRegistry();
  private palette?: ChartPalette;

  setup(core: CoreSetup): SvcPublicSetup {
    this.palette = createChartPalette();
    registerSvcQueryLanguages(this.queryLanguages);
    for (const app of SVC_APPS) {
      core.application.register({
        id: app.id,
        title: app.title,
        order: app.order,
        euiIconType: app.euiIconType,
        description: app.description,
        category: app.category,
        deepLinks: app.deepLinks,
        mount: async (params: AppMountParameters) => {
          // Start has run once the shell mounts an app; the app's own code arrives here.
          await core.getStartServices();
          const { mount } = await app.load();
          return mount(params, getSvcServices());
        },
      });
    }
    return {};
  }

  start(core: CoreStart): SvcPublicStart {
    const telemetry = createTelemetry(core.uiSettings, window.localStorage);
    const errors = new ErrorOrchestrator({
      toasts: core.notifications.toasts,
      http: core.http,
      location: () =>
        `${core.application.currentAppId() ?? 'svc'}: ${core.http.basePath.remove(window.location.pathname)}`,
      onReport: () => telemetry.errorShown(),
    });
    setSvcServices({
      core,
      api: new ManagedApi(core.http),
      hosts: new ApiHostsClient(core.http),
      csv: new CsvExporter(core.http.basePath),
      errors,
      queryLanguages: this.queryLanguages,
      palette: this.palette ?? createChartPalette(),
      updates: { UpdatesNotification, DismissNotificationCheck },
      telemetry,
    });
    core.chrome.setSecurityWarningsVisible(false);
    void showAppSettingsLogo(core);
    void runHealthCheckIfDue(core);
    return {};
  }
}
