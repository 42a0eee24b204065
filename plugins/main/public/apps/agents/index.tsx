import { EuiSpacer } from '@elastic/eui';
import { useSyncExternalStore } from 'react';
import type { AppMountParameters } from '@host/public/types';
import { useAppUrlState } from '../../components/app-url-state';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { AgentView } from './agent-view';
import { AgentsTable } from './agents-table';
import { AgentsStatusHistory } from './status-history';

/** The agent id of the app's path (`/001`), or undefined for the list. */
function useAgentIdOfPath(): string | undefined {
  const { history } = useAppUrlState();
  const pathname = useSyncExternalStore(
    (listener) => history.listen(listener),
    () => history.location.pathname,
  );
  const match = /^\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : undefined;
}

export function AgentsView() {
  const agentId = useAgentIdOfPath();
  if (agentId)
    return (
      <Page
        title={`Agent ${agentId}`}
        testSubj="svcAgent"
        description="One agent of the managed API"
      >
        <RequireHost>
          {(host) => <AgentView key={`${host.id}/${agentId}`} host={host} agentId={agentId} />}
        </RequireHost>
      </Page>
    );
  return (
    <Page title="Agents" testSubj="svcAgents" description="Agents registered with the managed API">
      <RequireHost>
        {(host) => (
          <>
            <AgentsStatusHistory key={`history-${host.id}`} host={host} />
            <EuiSpacer />
            <AgentsTable key={host.id} host={host} />
          </>
        )}
      </RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, { id: 'svc-agents', title: 'Agents', view: <AgentsView /> });
}
