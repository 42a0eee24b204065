import type { AppMountParameters } from '@host/public/types';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { ServerTabs } from './server-view';

export function ServerView() {
  return (
    <Page
      title="Server"
      testSubj="svcServer"
      description="The manager or its cluster: status, nodes, logs and configuration"
    >
      <RequireHost>{(host) => <ServerTabs key={host.id} host={host} />}</RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, { id: 'svc-server', title: 'Server', view: <ServerView /> });
}
