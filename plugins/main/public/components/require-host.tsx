import { EuiButton, EuiEmptyPrompt, EuiLoadingSpinner } from '@elastic/eui';
import type { ReactNode } from 'react';
import type { ApiHost } from '../../common/api-hosts';
import { SETTINGS_APP_ID } from '../apps/app-metadata';
import { ErrorPrompt } from './error-prompt';
import { useSelectedHost } from './selected-host';
import { useSvcServices } from './services-context';

/** Renders `children(host)` once a host is chosen; otherwise the loading, error or empty state that explains why not. */
export function RequireHost({ children }: { children: (host: ApiHost) => ReactNode }) {
  const { hosts, host, requestedId, reloadHosts } = useSelectedHost();
  const { core } = useSvcServices();
  const settingsUrl = core.application.getUrlForApp(SETTINGS_APP_ID);
  if (host) return <>{children(host)}</>;
  if (hosts.status === 'error') return <ErrorPrompt error={hosts.error} onRetry={reloadHosts} />;
  if (hosts.status === 'loading')
    return (
      <EuiEmptyPrompt
        icon={<EuiLoadingSpinner size="xl" />}
        title={<h2>Loading API hosts</h2>}
        data-test-subj="svcLoading"
      />
    );
  const goToSettings = (
    <EuiButton fill href={settingsUrl} data-test-subj="svcGoToSettings">
      Open Settings
    </EuiButton>
  );
  if (requestedId) {
    return (
      <EuiEmptyPrompt
        iconType="alert"
        color="warning"
        data-test-subj="svcUnknownHost"
        title={<h2>API host &quot;{requestedId}&quot; is not configured</h2>}
        body={
          <p>
            The link names a host this dashboard does not have. Choose another host above, or add it
            in Settings.
          </p>
        }
        actions={goToSettings}
      />
    );
  }
  return (
    <EuiEmptyPrompt
      iconType="plugs"
      data-test-subj="svcNoHosts"
      title={<h2>No API host yet</h2>}
      body={<p>Add the managed API this dashboard should talk to in Settings → API.</p>}
      actions={goToSettings}
    />
  );
}
