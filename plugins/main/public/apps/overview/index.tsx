import type { AppMountParameters } from '@host/public/types';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { OverviewPanels } from './overview-panels';

export function OverviewView() {
  return (
    <Page
      title="Overview"
      testSubj="svcOverview"
      description="Last 24 hours alerts, agents, manager and the API host at a glance"
    >
      <RequireHost>{(host) => <OverviewPanels key={host.id} host={host} />}</RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, {
    id: 'svc-overview',
    title: 'Overview',
    view: <OverviewView />,
  });
}
