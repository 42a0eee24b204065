import { EuiButton, EuiCallOut, EuiEmptyPrompt, EuiLoadingSpinner, EuiSpacer } from '@elastic/eui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AppRouter } from '../application/app-router';
import { GlobalToasts } from '../notifications/global-toasts';
import type { ToastsApi } from '../notifications/toasts-api';
import { Overlays } from '../overlays/overlays';
import type { OverlayService } from '../overlays/overlay-service';
import { MountPointPortal } from '../rendering/mount-point';
import { useStore } from '../utils/store';
import type { ChromeService } from './chrome-service';
import { Header, type HeaderProps } from './header';
import { hostSecurityWarnings } from './security-warnings';

export interface ShellLayoutProps extends HeaderProps {
  overlays: OverlayService;
  toasts: ToastsApi;
}

/** The page around the apps: header, warnings, the app area, the bottom bar, toasts and overlays. */
export function ShellLayout(props: ShellLayoutProps) {
  const { router, chrome, overlays, toasts } = props;
  return (
    <>
      <Header {...props} />
      <SecurityWarnings chrome={chrome} />
      <main
        style={{
          minHeight: 'calc(100vh - var(--euiFixedHeadersOffset, 96px))',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <AppArea router={router} />
      </main>
      <BottomBar chrome={chrome} />
      <GlobalToasts toasts={toasts} overlays={overlays} />
      <Overlays overlays={overlays} />
    </>
  );
}

/** The element apps mount into; React renders only the status around it, never inside it. */
function AppArea({ router }: { router: AppRouter }) {
  const container = useRef<HTMLDivElement>(null);
  const view = useStore(router.view);
  useEffect(() => {
    if (container.current) router.attach(container.current);
    return () => router.detach();
  }, [router]);

  return (
    <>
      {view.status === 'mounting' && (
        <CenteredStatus>
          {<EuiLoadingSpinner size="xl" data-test-subj="appLoading" />}
        </CenteredStatus>
      )}
      {view.status === 'error' && (
        <EuiEmptyPrompt
          iconType="error"
          color="danger"
          title={<h2>{view.app.title} could not be loaded</h2>}
          body={<p>{view.error.message}</p>}
          actions={<EuiButton onClick={() => window.location.reload()}>Reload the page</EuiButton>}
          data-test-subj="appLoadError"
        />
      )}
      {view.status === 'not-found' && (
        <EuiEmptyPrompt
          iconType="search"
          title={<h2>Application not found</h2>}
          body={<p>No application answers to {view.path}.</p>}
          data-test-subj="appNotFound"
        />
      )}
      <div
        ref={container}
        data-test-subj="appContainer"
        style={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}
      />
    </>
  );
}

function CenteredStatus({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>{children}</div>;
}

function SecurityWarnings({ chrome }: { chrome: ChromeService }) {
  const visible = useStore(chrome.securityWarningsVisible);
  const [warnings] = useState(() => hostSecurityWarnings(window.location));
  if (!visible || warnings.length === 0) return null;
  return (
    <div data-test-subj="securityWarnings">
      {warnings.map((warning) => (
        <EuiCallOut key={warning} color="warning" iconType="warning" size="s" title={warning} />
      ))}
      <EuiSpacer size="s" />
    </div>
  );
}

/** The slot `chrome.setBottomBar` fills (update notices), kept in view at the bottom of the page. */
function BottomBar({ chrome }: { chrome: ChromeService }) {
  const mount = useStore(chrome.bottomBar);
  if (!mount) return null;
  return (
    <div style={{ position: 'sticky', bottom: 0, zIndex: 1000 }}>
      <MountPointPortal mount={mount} data-test-subj="bottomBar" />
    </div>
  );
}
