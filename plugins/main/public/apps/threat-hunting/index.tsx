/** The Threat Hunting app: the alerts of the selected API host's manager. */
import type { AppMountParameters } from '@host/public/types';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { ThreatHunting } from './threat-hunting-view';

export function ThreatHuntingView() {
  return (
    <Page
      title="Threat Hunting"
      testSubj="svcThreatHunting"
      description="Security alerts of the manager from the indexer: search, filter, charts and export"
    >
      <RequireHost>{(host) => <ThreatHunting key={host.id} host={host} />}</RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, {
    id: 'svc-threat-hunting',
    title: 'Threat Hunting',
    view: <ThreatHuntingView />,
  });
}
