/** The core services of one page, built from the injected metadata, and the contracts plugins receive. */
import { createBrowserHistory } from 'history';
import { ApplicationRegistry } from '../application/application-registry';
import { AppRouter } from '../application/app-router';
import { ChromeService } from '../chrome/chrome-service';
import { createPageHttpClient } from '../http/page-http-client';
import type { InjectedMetadata } from '../../common/injected-metadata';
import { loginUrl } from '../../common/next-url';
import { ToastsApi } from '../notifications/toasts-api';
import { OverlayService } from '../overlays/overlay-service';
import { renderWithShellProviders } from '../rendering/providers';
import { SecurityService } from '../security/security-service';
import type { CoreSetup, CoreStart } from '../types';
import { UiSettingsClient } from '../ui-settings/ui-settings-client';

export function createCoreServices(metadata: InjectedMetadata) {
  const httpClient = createPageHttpClient(metadata, () =>
    goToLogin(`${window.location.pathname}${window.location.search}${window.location.hash}`),
  );
  const basePath = httpClient.basePath;
  const goToLogin = (next?: string) => window.location.assign(loginUrl(basePath.get(), next));
  const http = httpClient.asContract();
  const uiSettings = new UiSettingsClient(http);
  const toasts = new ToastsApi(uiSettings);
  const overlays = new OverlayService();
  const chrome = new ChromeService();
  const registry = new ApplicationRegistry(basePath.get());
  const router = new AppRouter({
    registry,
    history: createBrowserHistory(),
    basePath,
    confirm: (text, title) => overlays.openConfirm(text, { title }),
    onAppChange: (app) => chrome.resetForApp(app.title),
    onError: (error) => toasts.addError(error, { title: 'An application failed to close' }),
  });
  const security = new SecurityService(http, () => goToLogin());

  const setup: Omit<CoreSetup, 'getStartServices'> = {
    application: { register: (app) => registry.register(app) },
    http,
    notifications: { toasts },
    uiSettings,
  };
  const start: CoreStart = {
    application: router.contract(),
    chrome,
    http,
    notifications: { toasts },
    overlays,
    uiSettings,
    security,
    rendering: { render: renderWithShellProviders },
    version: metadata.version,
  };
  return {
    httpClient,
    http,
    uiSettings,
    toasts,
    overlays,
    chrome,
    registry,
    router,
    security,
    setup,
    start,
  };
}
