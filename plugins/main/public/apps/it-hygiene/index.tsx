/** The IT Hygiene app: what every agent of the selected host's manager is now, from the indexer. */
import type { AppMountParameters } from '@host/public/types';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { ItHygiene } from './it-hygiene-view';

export function ItHygieneView() {
  return (
    <Page
      title="IT Hygiene"
      testSubj="svcItHygiene"
      description="The fleet's current state from the indexer: systems, software, processes, network, identity and services"
    >
      <RequireHost>{(host) => <ItHygiene key={host.id} host={host} />}</RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, {
    id: 'svc-it-hygiene',
    title: 'IT Hygiene',
    view: <ItHygieneView />,
  });
}
