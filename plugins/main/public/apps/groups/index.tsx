import type { AppMountParameters } from '@host/public/types';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { GroupsPanel } from './groups-view';

export function GroupsView() {
  return (
    <Page
      title="Groups"
      testSubj="svcGroups"
      description="Groups of agents: their members and the configuration they share (agent.conf)"
    >
      <RequireHost>{(host) => <GroupsPanel key={host.id} host={host} />}</RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, { id: 'svc-groups', title: 'Groups', view: <GroupsView /> });
}
