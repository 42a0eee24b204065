import type { AppMountParameters } from '../../../../../host/public/types';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { AgentsTable } from './agents-table';

export function AgentsView() {
  return (
    <Page title="Agents" testSubj="svcAgents" description="Agents registered with the managed API">
      <RequireHost>{(host) => <AgentsTable key={host.id} host={host} />}</RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, { id: 'svc-agents', title: 'Agents', view: <AgentsView /> });
}
