/**
 * What every svc app renders around its view: the services, an error boundary, the URL state and
 * the selected host.
 */
import { EuiButton, EuiEmptyPrompt } from '@elastic/eui';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type {
  AppMountParameters,
  Breadcrumb,
  ScopedHistory,
  UnmountCallback,
} from '@host/public/types';
import { ApiPermissionsProvider } from '../components/api-permissions';
import { AppUrlStateProvider } from '../components/app-url-state';
import { SelectedHostProvider } from '../components/selected-host';
import { SvcServicesProvider } from '../components/services-context';
import type { ErrorOrchestrator } from '../services/error-orchestrator';
import { SVC_APP_METADATA } from './app-metadata';
import type { SvcServices } from '../services/svc-services';

interface BoundaryProps {
  errors: ErrorOrchestrator;
  appTitle: string;
  children: ReactNode;
}

/** A view that throws while rendering shows a way back instead of a blank page, and the error is reported like any other. */
class AppErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.errors.report(error, `${this.props.appTitle} stopped working`);
    void this.props.errors.log(
      'error',
      `${this.props.appTitle} render failure: ${error.stack ?? error.message}${info.componentStack ?? ''}`,
    );
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <EuiEmptyPrompt
        iconType="error"
        color="danger"
        data-test-subj="svcAppCrashed"
        title={<h2>{this.props.appTitle} stopped working</h2>}
        body={<p>The error was reported. Reloading the view usually helps.</p>}
        actions={
          <EuiButton onClick={() => this.setState({ failed: false })}>Reload the view</EuiButton>
        }
      />
    );
  }
}

function UrlStateRoot({ history, children }: { history: ScopedHistory; children: ReactNode }) {
  return (
    <AppUrlStateProvider history={history}>
      {({ params, setParams }) => (
        <SelectedHostProvider urlParams={params} setUrlState={setParams}>
          <ApiPermissionsProvider>{children}</ApiPermissionsProvider>
        </SelectedHostProvider>
      )}
    </AppUrlStateProvider>
  );
}

export function AppRoot({
  services,
  history,
  title,
  children,
}: {
  services: SvcServices;
  history: ScopedHistory;
  title: string;
  children: ReactNode;
}) {
  return (
    <SvcServicesProvider services={services}>
      <AppErrorBoundary errors={services.errors} appTitle={title}>
        <UrlStateRoot history={history}>{children}</UrlStateRoot>
      </AppErrorBoundary>
    </SvcServicesProvider>
  );
}

/** Mounts an app's view into the shell: title, breadcrumbs, usage count, and the React tree. */
export function mountApp(
  params: AppMountParameters,
  services: SvcServices,
  app: { id: string; title: string; view: ReactNode },
): UnmountCallback {
  const { core } = services;
  core.chrome.docTitle.change([app.title, 'Security']);
  core.chrome.setBreadcrumbs(breadcrumbsOf(app));
  services.telemetry.appOpened(app.id);
  const unmount = core.rendering.render(
    <AppRoot services={services} history={params.history} title={app.title}>
      {app.view}
    </AppRoot>,
    params.element,
  );
  return () => {
    unmount();
    core.chrome.docTitle.reset();
  };
}

/** An app's place in the navigation: its category (as the menu groups it), then the app. */
function breadcrumbsOf(app: { id: string; title: string }): Breadcrumb[] {
  const category = SVC_APP_METADATA.find((known) => known.id === app.id)?.category;
  const inMenu = category && category.id !== 'home' ? [{ text: category.label }] : [];
  return [...inMenu, { text: app.title }];
}
